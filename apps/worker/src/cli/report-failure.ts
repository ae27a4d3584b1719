import { firstPrintableLine, LLMReadableError, printableText } from "@nucleo/core";
import { CommanderError, type Command } from "commander";
import { WorkerError } from "../worker-error.js";
import type { CliIo } from "./cli-io.js";

/** Exit statuses: done; a run, a query or the benchmark failed; bad usage, config or input. */
export const EXIT_CODES = { ok: 0, failed: 1, usage: 2 } as const;

/** How a failure is reported: the program (for a usage error's help), the scrubber, and whether to add the stack. */
export interface FailureReport {
  readonly program: Command;
  readonly args: readonly string[];
  readonly scrub: (text: string) => string;
  /** `--stack`: the stack trace too, for a bug report. */
  readonly stack: boolean;
}

/**
 * The one error style of the `nucleo` command: `nucleo: <what is wrong, naming the option,
 * file or field>` on stderr, one printable line, no stack trace unless `--stack` asks, and the
 * exit status. A usage error (commander's, or a {@link WorkerError} `usage`) adds the
 * command's help; other {@link WorkerError}s (config, input, workflow name) exit 2; anything
 * else — a run, a query, a database — exits 1. Every message is scrubbed of the database
 * password first.
 */
export function reportFailure(error: unknown, io: CliIo, report: FailureReport): number {
  if (error instanceof CommanderError) {
    // --help, `help <command>`: commander has printed it already.
    if (error.exitCode === 0) return EXIT_CODES.ok;
    const message = error.message.replace(/^error: /, "");
    const command = commandOf(report.program, report.args);
    io.stderr(
      `nucleo: ${printableText(report.scrub(explain(message, error.code, report.program)))}\n\n${command.helpInformation().trimEnd()}`,
    );
    return EXIT_CODES.usage;
  }
  const stack =
    report.stack && error instanceof Error && error.stack !== undefined
      ? `\n${report.scrub(error.stack).split("\n").map(printableText).join("\n")}`
      : "";
  if (WorkerError.isInstance(error)) {
    const help =
      error.code === "usage"
        ? `\n\n${commandOf(report.program, report.args).helpInformation().trimEnd()}`
        : "";
    io.stderr(`nucleo: ${printableText(report.scrub(error.message))}${stack}${help}`);
    return error.code === "shutting_down" ? EXIT_CODES.ok : EXIT_CODES.usage;
  }
  const message = LLMReadableError.isInstance(error)
    ? `${error.message} (${error.code})`
    : error instanceof Error
      ? error.message
      : String(error);
  io.stderr(`nucleo: ${firstPrintableLine(report.scrub(message))}${stack}`);
  return EXIT_CODES.failed;
}

/** The subcommand the arguments name, else the program. */
function commandOf(program: Command, args: readonly string[]): Command {
  for (const arg of args) {
    const command = program.commands.find((candidate) => candidate.name() === arg);
    if (command !== undefined) return command;
  }
  return program;
}

/** A word the default command (examples) cannot take is an unknown command. */
function explain(message: string, code: string, program: Command): string {
  const extra =
    /^too many arguments for 'examples'\. Expected 0 arguments but got \d+: ([^,]+?)[,.]/.exec(
      message,
    );
  if (code !== "commander.excessArguments" || extra === null) return message;
  const names = program.commands.map((command) => command.name()).filter((name) => name !== "help");
  return `unknown command ${JSON.stringify(extra[1])}: expected one of ${names.join(", ")}`;
}
