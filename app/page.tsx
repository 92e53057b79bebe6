// The chat, for signed-in people. The catalogue facts the widgets need (title, widget name,
// confirmation, tool name) are read here, on the server, and handed to the client page.
import { ChatPage } from "@/components/chat/chat-page";
import { assistantModelConfigured } from "@/lib/assistant/status";
import { requireSessionUser } from "@/lib/auth/session";
import { mcpToolName } from "@/lib/contract/catalogue";
import { capabilities, findCapability } from "@/lib/capabilities/registry";
import { isServed } from "@/lib/core/rollout";
import { canSetUpVoice, NO_VOICE_FOR_PEOPLE, NO_VOICE_MESSAGE, voiceSetup } from "@/lib/voice/setup";

export const dynamic = "force-dynamic";
export const metadata = { title: "Assistant · Brand Operations" };

export default async function Home() {
  const user = await requireSessionUser("/");
  const catalogue = capabilities
    .filter((capability) => isServed(capability, "assistant"))
    .map(({ id, title, widget, confirmation, kind, shownOnce, minRole }) => ({
      id,
      minRole,
      title,
      widget,
      confirmation,
      toolName: mcpToolName(id),
      read: kind === "read",
      ...(shownOnce ? { shownOnce } : {}),
    }));
  // why voice is off: the settings to whoever can set them, words to everyone else
  const voiceOffNote = voiceSetup()
    ? null
    : (await canSetUpVoice(user.id))
      ? { words: "Voice isn't set up here yet.", settings: NO_VOICE_MESSAGE }
      : { words: NO_VOICE_FOR_PEOPLE, settings: null };
  return (
    <ChatPage
      user={{ name: user.name, email: user.email }}
      catalogue={catalogue}
      modelConfigured={assistantModelConfigured()}
      activityMinRole={findCapability("activity.list")?.minRole ?? "admin"}
      voiceOffNote={voiceOffNote}
    />
  );
}
