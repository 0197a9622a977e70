import { BuildError } from '../model/errors.js';
/** Where the REST API's description lives under the content folder, when there is one. */
export declare const OPENAPI_MODEL = "_model/openapi.yaml";
/**
 * The OpenAPI document must be valid (schema and `$ref`s): the API reference is drawn from it.
 * Each schema error points at the line of the object it is about. The one validator of OpenAPI
 * documents: the build's reference pages (src/content/openapi.ts) use it too.
 */
export declare function checkOpenApi(file: string, raw: string, relative?: string): Promise<BuildError[]>;
/** `checkOpenApi`, and the document itself, dereferenced, when it is valid (the reference pages draw on it). */
export declare function validateOpenApi(file: string, raw: string, relative?: string): Promise<{
    problems: BuildError[];
    api?: unknown;
}>;
