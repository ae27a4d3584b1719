// examples/everything-over-stdio.ts
import { createRequire } from "node:module";
import { InvalidInputError, JobDispatcher } from "@nucleo/core";
import { connectMcpServer } from "@nucleo/tools-mcp";

// The reference server, run by this Node; `{ command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] }` works too.
const entry = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);
const everything = await connectMcpServer({
  alias: "everything",
  transport: { kind: "stdio", command: process.execPath, args: [entry, "stdio"], stderr: "ignore" },
});

try {
  const providers = await everything.providers();
  console.log(providers.slice(0, 3).map((provider) => provider.name)); // [ 'everything_echo', 'everything_get-annotated-message', 'everything_get-env' ]

  const sum = providers.find((provider) => provider.name === "everything_get-sum")!;
  console.log(sum.inputSchema().required); // [ 'a', 'b' ]
  // The server hints readOnlyHint: true; only the deployment's `readOnly: true` would make this true.
  console.log(sum.readOnly()); // false

  // A call is a job for the dispatcher, like any other tool's.
  const dispatcher = new JobDispatcher();
  const call = sum.invoke({ a: 2, b: 3 }, {});
  console.log(sum.formatResult(await dispatcher.submit(call.job, call.input))); // The sum of 2 and 3 is 5.

  // Arguments the server refuses come back correctable, naming the field.
  const wrong = sum.invoke({ a: "two", b: 3 }, {});
  try {
    await dispatcher.submit(wrong.job, wrong.input);
  } catch (error) {
    if (InvalidInputError.isInstance(error)) console.log(error.parameter); // a
  }

  const image = providers.find((provider) => provider.name === "everything_get-tiny-image")!;
  const picture = image.invoke({}, {});
  console.log(
    image.formatResult(await dispatcher.submit(picture.job, picture.input)).split("\n")[1],
  ); // [image: image/png]
} finally {
  await everything.close(); // ends the server process
}
