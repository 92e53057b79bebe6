import { lastMessage, startScriptedModel, textOf } from "./scripts/support/scripted-openai";
const model = await startScriptedModel((request) => {
  const last = lastMessage(request);
  console.log("model request", request.messages.map((m) => m.role + ":" + textOf(m).slice(0, 80)).join(" | "));
  if (last?.role === "tool") return { text: "There you are." };
  const text = textOf(last);
  if (text === "Add Dusk to the kit") return { toolCalls: [{ name: "kit_colors_add", arguments: { name: "Dusk", hex: "#4b3f72", role: "secondary" } }] };
  if (text === "Confirmed.") return { text: "Dusk is in the kit now." };
  return { text: "I can help with that." };
});
console.log("BASE", model.baseUrl);
setInterval(() => {}, 1 << 30);
