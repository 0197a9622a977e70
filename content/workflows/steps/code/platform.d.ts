// Type declarations of the platform package (the module code steps and components import
// defineStep, defineSource and defineAction from). Published with the documentation page
// "Platform package reference"; generated from the same reference model as that page.
//
// Use: save this file in your project (types/platform.d.ts, say) and map the package name to it
// in tsconfig.json: "paths": { "<the platform package>": ["./types/platform.d.ts"] }. With
// "checkJs": true, editors then check JavaScript steps against it too.

/* ------------------------------------------------------------------------------------------ */
/* Events                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** JSON values: what results, exports, state values and payloads may contain. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A file part of a multipart/form-data body. */
export interface UploadedFile {
  filename: string;
  contentType: string;
  /** Size in bytes, as received. */
  size: number;
  /** The file's bytes, base64-encoded. */
  content: string;
}

/** The event of an HTTP trigger or of a source's http prop. */
export interface HttpEvent {
  method: string;
  /** Path after the host, e.g. "/orders". */
  path: string;
  /** Query parameters; repeated names become arrays. */
  query: Record<string, string | string[]>;
  /** Request headers, names lowercased. */
  headers: Record<string, string>;
  /** Parsed JSON, form or multipart body; otherwise the raw text (or base64 for binary bodies). */
  body: any;
  /** The body exactly as received; base64 when isBase64Encoded is true. */
  rawBody: string;
  isBase64Encoded: boolean;
  url: string;
  clientIp: string;
}

/** The event of a schedule trigger or of a source's timer prop. */
export interface ScheduleEvent {
  /** When the run was due (ISO 8601). */
  scheduledAt: string;
  /** When it actually started (ISO 8601). */
  firedAt: string;
  cron?: string;
  intervalSeconds?: number;
  timezone: string;
}

/** An address of an email event. */
export interface EmailAddress {
  address: string;
  /** The display name, or "" when the message gives none. */
  name: string;
}

/** One attachment of an email event: never inline, always a signed link. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** Size in bytes. */
  size: number;
  /** Signed download link, valid while the execution is kept. */
  url: string;
}

/** The event of an email trigger. */
export interface EmailEvent {
  from: EmailAddress;
  to: EmailAddress[];
  cc: EmailAddress[];
  replyTo: EmailAddress | null;
  subject: string;
  /** The Date header (ISO 8601, UTC). */
  date: string;
  messageId: string;
  /** Every header, names lowercased; repeated headers become arrays. */
  headers: Record<string, string | string[]>;
  /** Null when absent, or when left out to keep the event under the payload size limit. */
  text: string | null;
  html: string | null;
  /** True when text and html were left out; read the message from rawUrl. */
  bodyTruncated: boolean;
  attachments: EmailAttachment[];
  /** The whole message as received (.eml), as a signed link. */
  rawUrl: string;
  authResults: { spf: 'pass' | 'fail' | 'none'; dkim: 'pass' | 'fail' | 'none'; dmarc: 'pass' | 'fail' | 'none' };
}

/** The trigger's event: an HttpEvent, a ScheduleEvent, an EmailEvent, an app source's payload, or manual JSON. */
export type TriggerEvent = HttpEvent | ScheduleEvent | EmailEvent | any;

/* ------------------------------------------------------------------------------------------ */
/* Props                                                                                      */
/* ------------------------------------------------------------------------------------------ */

export type OptionValue<T> = T | { label: string; value: T };
export interface OptionsArgs { page: number; prevContext?: any; query?: string }
export type OptionsLoader<T> = (args: OptionsArgs) => Promise<OptionValue<T>[] | { options: OptionValue<T>[]; context?: any }>;

interface UserPropBase<T> {
  label?: string;
  description?: string;
  optional?: boolean;
  default?: T;
}

export interface StringProp extends UserPropBase<string> { type: 'string'; options?: OptionValue<string>[] | OptionsLoader<string>; secret?: boolean; min?: number; max?: number }
export interface StringArrayProp extends UserPropBase<string[]> { type: 'string[]'; options?: OptionValue<string>[] | OptionsLoader<string>; min?: number; max?: number }
export interface IntegerProp extends UserPropBase<number> { type: 'integer'; options?: OptionValue<number>[] | OptionsLoader<number>; min?: number; max?: number }
export interface IntegerArrayProp extends UserPropBase<number[]> { type: 'integer[]'; options?: OptionValue<number>[] | OptionsLoader<number>; min?: number; max?: number }
export interface BooleanProp extends UserPropBase<boolean> { type: 'boolean' }
export interface ObjectProp extends UserPropBase<Record<string, unknown>> { type: 'object'; secret?: boolean }
export interface AppProp { type: 'app'; app: string; label?: string; description?: string }
export interface HttpProp { type: 'http'; customResponse?: boolean; label?: string }
export interface TimerProp { type: 'timer'; default?: TimerValue; label?: string; description?: string }
export interface DbProp { type: 'db' }

export type UserProp = StringProp | StringArrayProp | IntegerProp | IntegerArrayProp | BooleanProp | ObjectProp;
export type Prop = UserProp | AppProp | HttpProp | TimerProp | DbProp;
export type Props = Record<string, Prop>;

export interface TimerValue { intervalSeconds?: number; cron?: string; timezone?: string }

/** Credentials of a connected account: OAuth apps give oauthAccessToken and oauthUid, key-based apps their own fields. */
export interface Auth {
  oauthAccessToken?: string;
  oauthUid?: string;
  [field: string]: string | undefined;
}

export interface AppValue { app: string; accountId: string; auth: Auth }
export interface HttpValue { endpoint: string; respond(response: HttpResponse): Promise<void> }
export interface Db { get(key: string): Promise<unknown | undefined>; set(key: string, value: unknown): Promise<void> }

/** The value a prop has on `this`. */
export type PropValue<P extends Prop> =
  P extends StringProp ? string :
  P extends StringArrayProp ? string[] :
  P extends IntegerProp ? number :
  P extends IntegerArrayProp ? number[] :
  P extends BooleanProp ? boolean :
  P extends ObjectProp ? Record<string, unknown> :
  P extends AppProp ? AppValue :
  P extends HttpProp ? HttpValue :
  P extends TimerProp ? TimerValue :
  P extends DbProp ? Db :
  never;

export type PropValues<P extends Props> = { [K in keyof P]: PropValue<P[K]> };

/* ------------------------------------------------------------------------------------------ */
/* ctx                                                                                        */
/* ------------------------------------------------------------------------------------------ */

export interface HttpResponse {
  /** 200 to 599; default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; a Buffer (a Uint8Array) is sent as bytes. */
  body?: string | object | Uint8Array;
}

export interface SendHttpRequest { method?: string; url: string; headers?: Record<string, string>; params?: Record<string, string>; body?: string | object }
export interface SendEmailMessage { subject: string; text?: string; html?: string; to?: string | string[] }
export interface SendS3Object { bucket: string; prefix?: string; payload: unknown; region?: string }
export interface SendSqlRow { table: string; payload: Record<string, unknown> }
export interface SendSseMessage { name?: string; payload: unknown }
export interface SendEmitEvent { name?: string; payload: unknown; summary?: string }

/** Destinations: each call queues a delivery, made after the execution completes. */
export interface Send {
  http(request: SendHttpRequest): void;
  email(message: SendEmailMessage): void;
  s3(object: SendS3Object): void;
  sql(row: SendSqlRow): void;
  sse(message: SendSseMessage): void;
  emit(event: SendEmitEvent): void;
}

/** Key-value state shared by a workflow's steps and executions. */
export interface State {
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown, options?: { ttlSeconds?: number }): Promise<void>;
  delete(key: string): Promise<boolean>;
}

export interface Flow {
  /** Pauses the execution after this step for ms milliseconds. */
  delay(ms: number): { resumesAt: string };
}

export interface Log {
  (...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
}

export interface WorkflowInfo { id: string; name: string; version: number }
export interface ExecutionInfo { id: string; eventId: string; startedAt: string; attempt: number }
export interface StepInfo { name: string }

/** The context object of a code step or action: the third member of run's argument. */
export interface Context {
  end(reason?: string): void;
  respond(response: HttpResponse): Promise<void>;
  send: Send;
  state: State;
  export(name: string, value: unknown): void;
  summary(text: string): void;
  flow: Flow;
  auths: Record<string, Auth>;
  workflow: WorkflowInfo;
  execution: ExecutionInfo;
  step: StepInfo;
  tmpdir: string;
  log: Log;
}

/* ------------------------------------------------------------------------------------------ */
/* Steps and actions                                                                          */
/* ------------------------------------------------------------------------------------------ */

/** What an earlier step left behind, at steps.<name>. */
export interface StepOutput {
  /** Its run function's resolved return value (undefined if it returned nothing or failed with Continue on error). */
  result: any;
  /** Values passed to ctx.export, by name. */
  exports: Record<string, any>;
  /** Set only when the step failed and its Continue on error setting is on. */
  error?: { name: string; message: string };
}

export interface RunArgs {
  /** The trigger's event, read-only (the same value as steps.trigger.event). */
  event: TriggerEvent;
  /** Earlier steps by name; steps.trigger.event is the event. */
  steps: { trigger: { event: TriggerEvent } } & Record<string, StepOutput>;
  ctx: Context;
}

export interface StepDefinition<P extends Props> {
  props?: P;
  /** Version ranges of imported npm packages, as in package.json. */
  packages?: Record<string, string>;
  run(this: PropValues<P>, args: RunArgs): Promise<unknown> | unknown;
}

/** The opaque value defineStep returns; a code step default-exports it. */
export interface Step { readonly kind: 'step' }

export declare function defineStep<P extends Props = {}>(definition: StepDefinition<P>): Step;

/* ------------------------------------------------------------------------------------------ */
/* Components                                                                                 */
/* ------------------------------------------------------------------------------------------ */

interface ComponentBase<P extends Props, M> {
  /** <app>-<what-it-does>, lowercase kebab case, at most 64 characters. */
  key: string;
  name: string;
  /** Semantic version, MAJOR.MINOR.PATCH. */
  version: string;
  description: string;
  props?: P;
  methods?: M & ThisType<PropValues<P> & M>;
}

export interface EmitMeta { id?: string | number; summary?: string; ts?: number; name?: string }

/** `this` inside a source's run, hooks and methods. */
export type SourceThis<P extends Props, M> = PropValues<P> & M & {
  emit(payload: unknown, meta?: EmitMeta): void;
};

export interface SourceHooks { deploy?(): Promise<void>; activate?(): Promise<void>; deactivate?(): Promise<void> }

export interface SourceDefinition<P extends Props, M> extends ComponentBase<P, M> {
  type: 'source';
  hooks?: SourceHooks & ThisType<SourceThis<P, M>>;
  dedupe?: 'unique' | 'greatest' | 'last';
  run(this: SourceThis<P, M>, event: HttpEvent | ScheduleEvent): Promise<void> | void;
}

export interface ActionDefinition<P extends Props, M> extends ComponentBase<P, M> {
  type: 'action';
  run(this: PropValues<P> & M, args: RunArgs): Promise<unknown> | unknown;
}

export interface Source { readonly kind: 'source' }
export interface Action { readonly kind: 'action' }

export declare function defineSource<P extends Props = {}, M = {}>(definition: SourceDefinition<P, M>): Source;
export declare function defineAction<P extends Props = {}, M = {}>(definition: ActionDefinition<P, M>): Action;
