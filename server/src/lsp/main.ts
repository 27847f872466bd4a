// Entry of the language server bundle (dist/server.js): registers the engines and serves LSP
// over the transport the client chose (node IPC).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import '../engine/engines';
import { startServer } from './server';

startServer(createConnection(ProposedFeatures.all));
