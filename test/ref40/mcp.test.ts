import { describeDecisionRows } from "./decision-rows.js";

describeDecisionRows("mcp.jsonl");
