/**
 * knowledge/query-engines.ts as a table (issue 37): query engines and database
 * shells whose language reads files or runs a shell: the code floors.
 */
import { knowledgeTable } from "../../../support/knowledge-table.js";

knowledgeTable("query-engines", [
  { command: "duckdb -c 'select 1'", want: "ask", why: "duckdb -c is SQL that may read any file" },
  { command: "q 'select * from notes.txt'", want: "ask", why: "q's SQL names the files it reads" },
  { command: "ffmpeg -i x.mp4 y.mp4", want: "ask", why: "ffmpeg's inputs and filters name files in their own syntax" },
  { command: "mongosh --eval 1", want: "ask", why: "mongosh runs JavaScript" },
  { command: "duckdb x.db", want: "allow", why: "a database and nothing fed: no SQL runs" },
  { command: "printf '.sh touch y\\n' > ~/.duckdbrc && duckdb db.duckdb", want: "ask", why: "duckdb runs ~/.duckdbrc first" },
]);
