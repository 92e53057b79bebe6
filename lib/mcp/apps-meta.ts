// The names the MCP door and its views agree on (MCP Apps); no imports, so the views' bundle
// (components/mcp-app/) can take them without any server code.

/** The result `_meta` key of a parked call's handle: for the view, never for the model. */
export const PENDING_META_KEY = "brand-operations/pending";
/** The result `_meta` key naming the capability that answered (hosts need not say which tool a view renders). */
export const CAPABILITY_META_KEY = "brand-operations/capability";
/** The app-only tool behind the confirm view's buttons. */
export const DECIDE_TOOL = "confirmation_decide";
