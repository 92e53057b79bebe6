// The one vocabulary lives in lib/words so that capability summaries (server side) say values as pages do.
export { valueInWords } from "../../lib/words/value-words";
