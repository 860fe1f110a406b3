import { z } from 'zod';

/** The MCP endpoint (`/mcp`): its JSON-RPC request and answer. */

const jsonRpc = z.object({ jsonrpc: z.literal('2.0') }).loose();

/** `POST /mcp`: a JSON-RPC 2.0 message or a batch, in and out. */
export const jsonRpcBody = z.union([jsonRpc, z.array(jsonRpc)]).meta({
  description:
    'A JSON-RPC 2.0 message of the Model Context Protocol (initialize, tools/list, tools/call, ...) or a batch of them',
});
