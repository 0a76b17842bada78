import { describeDecisionRows } from "./decision-rows.js";
import { BASH_ROWS } from "./exceptions.js";

// Rows whose tool is bash need the bash analysis (runtime/bash/) and run with the bash vectors.
describeDecisionRows("pipeline.jsonl", BASH_ROWS);
