import type { LookupAddress, LookupOptions } from "node:dns";
import { describe, expect, it } from "vitest";
import { pinnedLookup, type CheckedHost } from "./pinned-lookup.js";

interface Answer {
  readonly error: NodeJS.ErrnoException | null;
  readonly address: string | LookupAddress[];
  readonly family: number | undefined;
}

const checked: CheckedHost = {
  hostname: "example.org",
  addresses: ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c", "93.184.215.15"],
};

function ask(hostname: string, options: LookupOptions): Promise<Answer> {
  return new Promise((resolve) =>
    pinnedLookup(checked)(hostname, options, (error, address, family) =>
      resolve({ error, address, family }),
    ),
  );
}

describe("pinnedLookup: a connection resolves to the checked addresses and nothing else", () => {
  it("answers every checked address, IPv4 and IPv6 in the checked order, when asked for all (Happy Eyeballs)", async () => {
    expect(await ask("example.org", { all: true })).toEqual({
      error: null,
      address: [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
        { address: "93.184.215.15", family: 4 },
      ],
      family: undefined,
    });
  });

  it("answers the first checked address of the family asked for", async () => {
    expect(await ask("example.org", {})).toEqual({
      error: null,
      address: "93.184.215.14",
      family: 4,
    });
    expect(await ask("example.org", { family: 6 })).toEqual({
      error: null,
      address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
      family: 6,
    });
    expect(await ask("example.org", { family: "IPv4", all: true })).toMatchObject({
      address: [{ address: "93.184.215.14" }, { address: "93.184.215.15" }],
    });
  });

  it("knows the checked name however the URL spelled it (case, a final dot)", async () => {
    expect(await ask("Example.ORG.", {})).toMatchObject({ error: null, address: "93.184.215.14" });
  });

  it("refuses a name that was not checked rather than resolving it", async () => {
    const answer = await ask("localhost", { all: true });
    expect(answer.error?.code).toBe("ERR_UNCHECKED_HOST");
    expect(answer.error?.message).not.toContain("localhost");
  });

  it("refuses a family the check saw no address of", async () => {
    const ipv4Only = pinnedLookup({ hostname: "example.org", addresses: ["93.184.215.14"] });
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      ipv4Only("example.org", { family: 6 }, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe("ENOTFOUND");
  });

  it("answers in a later tick, as the system resolver does", () => {
    let answered = false;
    pinnedLookup(checked)("example.org", {}, () => {
      answered = true;
    });
    expect(answered).toBe(false);
  });
});
