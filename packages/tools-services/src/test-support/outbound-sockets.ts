// Watches the client sockets this test process opens, through Node's `net.client.socket`
// diagnostics channel, so a test can see where a connection really went (the address the
// socket resolved its host name to) without a seam in the code under test. Not exported
// from the package.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { BlockList, type Socket } from "node:net";

/** One host name a client socket resolved, and the address it was about to connect to. */
export interface ResolvedConnection {
  readonly host: string;
  readonly address: string;
}

/** What {@link watchOutboundSockets} saw; `stop()` ends the watch. */
export interface OutboundSockets {
  /** Every name a client socket resolved, in order (IP literals are not resolved, not listed). */
  readonly resolved: ResolvedConnection[];
  /** Every client socket opened while watching (TCP, with or without TLS). */
  readonly sockets: Socket[];
  stop(): void;
}

const CHANNEL = "net.client.socket";
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/**
 * Starts recording client sockets. A socket whose name resolves to anything but loopback is
 * destroyed in its `lookup` event, before it connects (`net` checks for that), so a test can
 * let a connection aim at a public address without a packet leaving the machine; its request
 * then fails as a network error.
 */
export function watchOutboundSockets(): OutboundSockets {
  const watch: OutboundSockets = {
    resolved: [],
    sockets: [],
    stop: () => unsubscribe(CHANNEL, onSocket),
  };
  function onSocket(message: unknown): void {
    const { socket } = message as { socket: Socket };
    watch.sockets.push(socket);
    socket.on(
      "lookup",
      (
        error: Error | null,
        address: string | undefined,
        family: number | undefined,
        host: string,
      ) => {
        if (error !== null || address === undefined) return;
        watch.resolved.push({ host, address });
        if (!loopback.check(address, family === 6 ? "ipv6" : "ipv4"))
          socket.destroy(new Error("test: this connection would leave the machine"));
      },
    );
  }
  subscribe(CHANNEL, onSocket);
  return watch;
}
