import { describeDecisionRows } from "./decision-rows.js";

describeDecisionRows("infra.jsonl");
