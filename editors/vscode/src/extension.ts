/**
 * The VS Code extension: starts `gdl-ground lsp` for GDL files (.kif, .gdl, .hrf) through
 * vscode-languageclient, with the settings of the `gdlGround` section as the server's
 * initialization options. Everything else (checks, hover, rename, formatting, colours) is the
 * server's. Bundled into dist/extension.js by `npm run package:vscode`.
 */
import { workspace, type ExtensionContext } from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const settings = workspace.getConfiguration("gdlGround");
  const command = settings.get<string>("serverPath", "gdl-ground");
  // a checkout's bin/gdl-ground.js runs with the editor's own Node
  const run = command.endsWith(".js") ? { command: process.execPath, args: [command, "lsp"] } : { command, args: ["lsp"] };
  const serverOptions: ServerOptions = { ...run, transport: TransportKind.stdio, options: { env: { ...process.env, ELECTRON_RUN_AS_NODE: "1" } } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: "gdl" }],
    initializationOptions: {
      notes: settings.get<boolean>("notes", false),
      caseSensitive: settings.get<boolean>("caseSensitive", false),
      groundTimeoutSeconds: settings.get<number>("groundTimeoutSeconds", 10),
    },
  };
  client = new LanguageClient("gdlGround", "GDL (gdl-ground)", serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
