/**
 * Query engines and database shells whose language reaches the machine:
 * SQL that reads and writes the files it names (`duckdb -c "select * from
 * read_csv('.env')"`, `clickhouse local -q "select * from file('.env')"`,
 * `q "select * from .env"`), client commands that run a shell (`.shell`,
 * `\!`, `!!`), and JavaScript (`mongosh --eval`); ffmpeg's input, filter
 * and protocol syntax, which names files too. permc does not read these
 * languages: the code floors. psql, mysql and sqlite3 are in
 * gtfobins-interactive.ts.
 */
import type { Code, ProgramRecord } from "../program-record.js";
import { DUCKDB_START_UP } from "./implicit-code.js";
import { recordGroup } from "./record-group.js";

const sql = (what: string): Code => ({ code: what });
const DUCKDB: Code = sql("duckdb SQL (it reads and writes the files it names; .shell runs a shell)");

export const QUERY_ENGINES = recordGroup((): readonly ProgramRecord[] => [
  {
    names: ["duckdb"],
    runsImplicitly: DUCKDB_START_UP,
    options: {
      unknown: "flag",
      permute: true,
      singleDashLong: true,
      short: { c: DUCKDB, s: DUCKDB },
      long: { cmd: DUCKDB, init: DUCKDB, separator: "value", newline: "value", nullvalue: "value" },
    },
    // The database, then commands run in order, like -c.
    operands: ["path", DUCKDB],
    stdin: DUCKDB,
  },
  {
    names: ["clickhouse", "clickhouse-local", "clickhouse-client"],
    always: sql("ClickHouse SQL (file() and INFILE read the files they name; the client's ! runs a shell)"),
  },
  {
    names: ["q", "trdsql", "textql", "octosql", "dsq", "spyql", "sq", "osqueryi"],
    always: sql("SQL over files (the query names the files it reads)"),
  },
  // Inputs, filters and protocols name files in ffmpeg's own syntax (`concat:a|/etc/passwd`, `movie=`, `subtitles=`, `drawtext=textfile=`), and `-f data` copies any file's bytes.
  {
    names: ["ffmpeg", "ffplay", "ffprobe"],
    always: { unsure: "ffmpeg's inputs, filters and protocols read files named in their own syntax (concat:, movie=, subtitles=, textfile=)" },
  },
  {
    names: ["mongosh", "mongo"],
    always: sql("mongosh JavaScript (--eval, scripts and its input run with the shell's require and load)"),
  },
  {
    names: ["usql", "pgcli", "mycli", "litecli", "sqlcmd", "cqlsh", "isql", "sqlplus", "snowsql"],
    always: sql("a database shell (its commands can read local files or run a shell: \\!, !!, SOURCE, @file)"),
  },
]);
