// The AI budget lives in lib/model (below the pipeline, which brand.check's judge reaches); the chat and Voice keep importing it here.
export * from "../model/budget";
