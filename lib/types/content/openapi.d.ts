import type { ResolvedConfig } from '../config/index.js';
import { Problems } from '../model/errors.js';
import type { Plugin } from '../plugins/types.js';
import type { PageSource } from '../model/page.js';
/** The parts of an OpenAPI 3.1 document the reference renders (after $refs are resolved). */
interface Schema {
    type?: string | string[];
    description?: string;
    properties?: Record<string, Schema>;
    required?: string[];
    items?: Schema;
    enum?: unknown[];
    format?: string;
    default?: unknown;
    oneOf?: Schema[];
    anyOf?: Schema[];
    nullable?: boolean;
}
interface Parameter {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: Schema;
}
interface MediaType {
    schema?: Schema;
    example?: unknown;
}
interface Operation {
    operationId: string;
    summary: string;
    description?: string;
    tags?: string[];
    parameters?: Parameter[];
    requestBody?: {
        required?: boolean;
        content?: Record<string, MediaType>;
    };
    responses: Record<string, {
        description?: string;
        content?: Record<string, MediaType>;
    }>;
    security?: SecurityRequirement[];
    servers?: Server[];
}
interface Server {
    url: string;
    variables?: Record<string, {
        default: string;
    }>;
}
type SecurityRequirement = Record<string, string[]>;
/** A security scheme of `components.securitySchemes` (OpenAPI 3.1, section 4.8.27). */
interface SecurityScheme {
    type: 'apiKey' | 'http' | 'mutualTLS' | 'oauth2' | 'openIdConnect';
    name?: string;
    in?: 'query' | 'header' | 'cookie';
    scheme?: string;
}
interface Document {
    info: {
        title: string;
        description?: string;
    };
    servers?: Server[];
    tags?: {
        name: string;
        description?: string;
    }[];
    paths: Record<string, Record<string, Operation | Parameter[] | Server[]>>;
    security?: SecurityRequirement[];
    components?: {
        securitySchemes?: Record<string, SecurityScheme>;
    };
}
/** What the request samples of the reference are written with: the environment variable that holds the credential. */
export interface OpenApiOptions {
    apiKeyVariable: string;
}
/** One operation's request, as every sample writes it: its URL, and the credential's header or query parameter. */
interface Request {
    method: string;
    /** Base URL and path, with the required query parameters as placeholders. */
    url: string;
    /** The credential: a header (name and value before the variable), or a query parameter; none for an open operation. */
    auth?: {
        header: string;
        prefix: string;
    } | {
        query: string;
    };
    variable: string;
    /** The JSON body example, when the operation takes one. */
    example: unknown;
    empty: boolean;
}
/** The environment variable the samples read the credential from, unless `openapi.apiKeyVariable` names another. */
export declare const DEFAULT_API_KEY_VARIABLE = "API_KEY";
/** `createSource` -> `create-source`: the anchor worked examples link to. */
export declare function operationAnchor(operationId: string): string;
/** Loads and validates an OpenAPI document; problems name the file and the JSON path at fault. */
export declare function loadOpenApi(file: string, relative: string, problems: Problems): Promise<Document | null>;
/** The documents that reference pages bring into the build (validated there), as paths under the content folder. */
export declare function referencedOpenApiDocuments(pages: {
    relativePath: string;
    frontmatter: Record<string, unknown>;
}[]): Set<string>;
/**
 * The base URL of an operation: the first server of the operation, else of its path, else of the document, its
 * variables at their defaults; without servers the specification's default, "/" (paths relative to the host).
 */
export declare function serverUrl(servers: Server[] | undefined): string;
/**
 * How an operation is authenticated in the samples: its first security requirement (the operation's own, else the
 * document's) and that requirement's first scheme of `components.securitySchemes`. An empty requirement, or none at
 * all, means no credential; schemes a request cannot carry in a header or query (mutual TLS) add nothing.
 */
export declare function requestAuth(doc: Document, op: Operation): Request['auth'];
/** Text as a single-quoted string literal, valid in JavaScript and Python alike. */
export declare function jsString(text: string): string;
/**
 * The reference as Markdown: the document's own description (authentication, pagination, errors,
 * rate limits), then a section a tag and a subsection an operation, with parameters and body
 * fields in tables, a curl request and the success response's example. `only` renders those tags
 * (a long reference split over pages); the description goes with the document's first tag.
 */
export declare function openApiMarkdown(doc: Document, only?: string[], options?: OpenApiOptions): string;
/**
 * The OpenAPI reference through the plugin API (src/plugins/builtin.ts): its `pages` hook writes the
 * reference into the pages that ask for it, before any Markdown is parsed; its check validates the
 * reference model (content/_model/openapi.yaml) when no page renders it.
 */
export declare const openApiPlugin: Plugin;
/**
 * A page whose frontmatter names an OpenAPI document (`openapi: ../../_model/openapi.yaml`, relative
 * to the page) gets the rendered reference appended to its body, before Markdown is parsed: its
 * headings, anchors, search entries and checks work like any written section.
 */
export declare function expandOpenApiPages(sources: PageSource[], config: Pick<ResolvedConfig, 'contentDir' | 'constants' | 'openapi'>, problems: Problems): Promise<void>;
export {};
