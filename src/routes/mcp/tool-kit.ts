/**
 * How an MCP tool is made from a REST endpoint's schemas: its input's JSON Schema, the parse of its
 * arguments by the endpoint's own zod schemas (the one error shape when they are refused), and its run.
 */
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { validationFailure } from '../../errors';
import type { ServiceCtx } from '../../services/context';

/** What a tool runs with: the services' context, the token's product, and this server's origin. */
export interface ToolEnv {
  ctx: ServiceCtx;
  product: AppEnv['Variables']['product'];
  origin: string;
}

/** A tool's answer (the writes it depends on are in its context's unit of work). */
export interface ToolResult {
  result: Record<string, unknown> | unknown[];
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** Reads only: MCP clients may call it without asking (annotations.readOnlyHint). */
  readOnly: boolean;
  /** Undoes or ends something (annotations.destructiveHint): a cancel, a removal. */
  destructive?: boolean;
  /** The JSON Schema shown in tools/list (an object, as MCP requires). */
  inputSchema: Record<string, unknown>;
  /** Checks the arguments with the REST endpoint's own zod schemas (throws the one error shape's ApiError). */
  parse(args: Record<string, unknown>): unknown;
  run(env: ToolEnv, args: never): Promise<ToolResult>;
}

/** A zod object as the JSON Schema of a tool's input (what a caller sends, before transforms). */
export function inputJson(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _s, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return json;
}

/**
 * Path and query parameters arrive as strings over HTTP; an agent may send `42` or `true` for them.
 * Top-level numbers and booleans become the strings the REST endpoint would have read.
 */
export function asQuery(args: Record<string, unknown>, fields: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(withAliases(args, fields)).map(([k, v]) => [
      k,
      typeof v === 'number' || typeof v === 'boolean' ? String(v) : v,
    ]),
  );
}

/**
 * Names agents reach for besides the REST ones (the SDK's `phoneId`, `chatId`): read as the REST
 * field when the tool has that field, not the alias itself, and the REST name is absent.
 */
const ALIASES: Record<string, string> = {
  phoneId: 'phone_id',
  chat_id: 'conversation_id',
  chatId: 'conversation_id',
  conversationId: 'conversation_id',
};

function withAliases(args: Record<string, unknown>, fields: ReadonlySet<string>): Record<string, unknown> {
  const out = { ...args };
  for (const [alias, name] of Object.entries(ALIASES)) {
    if (alias in out && fields.has(name) && !fields.has(alias) && !(name in out)) {
      out[name] = out[alias];
      delete out[alias];
    }
  }
  return out;
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code: 'VALIDATION' | 'BAD_REQUEST' = 'VALIDATION',
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailure(parsed.error.issues, code);
  return parsed.data;
}

/** A tool whose input is a REST endpoint's path and query parameters, merged into one object. */
export function queryTool<S extends z.ZodObject>(
  def: Omit<McpTool, 'inputSchema' | 'parse' | 'run'> & {
    schema: S;
    run(env: ToolEnv, args: z.output<S>): Promise<ToolResult>;
  },
): McpTool {
  const fields = new Set(Object.keys(def.schema.shape));
  return { ...def, inputSchema: inputJson(def.schema), parse: (args) => parseWith(def.schema, asQuery(args, fields)) };
}

/** A tool whose input is a REST endpoint's JSON body (checked as the endpoint checks it: 422 when invalid). */
export function bodyTool<S extends z.ZodObject>(
  def: Omit<McpTool, 'inputSchema' | 'parse' | 'run'> & {
    schema: S;
    run(env: ToolEnv, args: z.output<S>): Promise<ToolResult>;
  },
): McpTool {
  return { ...def, inputSchema: inputJson(def.schema), parse: (args) => parseWith(def.schema, args) };
}
