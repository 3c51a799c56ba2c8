/**
 * What an endpoint is: a method, a path with `:params`, and (as types only) its body, query and
 * response. The server's route tests and the client both read the same table (./contract).
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Reads change nothing, so they carry no CSRF header. */
export function isReadMethod(method: HttpMethod): boolean {
  return method === 'GET';
}

/** How the client reads a successful answer: JSON, or a file as text or bytes. */
export type ResponseFormat = 'json' | 'text' | 'arrayBuffer';

/** The names of the `:params` in a path, e.g. 'token' | 'refreshToken'. */
export type PathParamName<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamName<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? Name
      : never;

export type PathParams<Path extends string> = { [Name in PathParamName<Path>]: string | number };

/** The type slots of an endpoint; leave out what it does not have. */
export interface EndpointTypes {
  body?: unknown;
  query?: unknown;
  response: unknown;
}

type Slot<Types, Key extends string> = Key extends keyof Types ? Types[Key] : undefined;

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Body = unknown,
  Query = unknown,
  Response = unknown,
> {
  readonly method: Method;
  readonly path: Path;
  readonly responseFormat: ResponseFormat;
  /** The status of a successful answer. */
  readonly successStatus: number;
  /** Never set at runtime: carries the body, query and response types. */
  readonly types?: { body: Body; query: Query; response: Response };
}

// `any` so that every concrete endpoint is assignable to it (the slots are variant both ways).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<HttpMethod, string, any, any, any>;

export type EndpointBody<E> = E extends Endpoint<HttpMethod, string, infer Body> ? Body : never;
export type EndpointQuery<E> =
  E extends Endpoint<HttpMethod, string, unknown, infer Query> ? Query : never;
export type EndpointResponse<E> =
  E extends Endpoint<HttpMethod, string, unknown, unknown, infer Response> ? Response : never;
export type EndpointParams<E> =
  E extends Endpoint<HttpMethod, infer Path> ? PathParams<Path> : never;

export interface EndpointOptions {
  responseFormat?: ResponseFormat;
  successStatus?: number;
}

/**
 * `defineEndpoint<{ body: B; response: R }>()('PUT', '/alerts/manage/:token')`.
 * Curried so that the method and path are inferred as literals while the types are given.
 */
export function defineEndpoint<Types extends EndpointTypes>() {
  return <const Method extends HttpMethod, const Path extends string>(
    method: Method,
    path: Path,
    options: EndpointOptions = {},
  ): Endpoint<Method, Path, Slot<Types, 'body'>, Slot<Types, 'query'>, Types['response']> => ({
    method,
    path,
    responseFormat: options.responseFormat ?? 'json',
    successStatus: options.successStatus ?? 200,
  });
}

/** The endpoint's path with every `:param` replaced by its URL-encoded value. */
export function buildPath<Path extends string>(
  endpoint: { readonly path: Path },
  params: PathParams<Path>,
): string {
  const values = params as Record<string, string | number | undefined>;
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    }
    return encodeURIComponent(String(value));
  });
}

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * `?a=1&b=x%20y`, or '' when nothing is set. Arrays are comma-separated (spec §3 alertIds);
 * undefined, null and empty arrays are left out.
 */
export function buildQueryString(query: object | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query) as [string, QueryValue][]) {
    if (raw === undefined || raw === null) continue;
    const items: readonly (string | number | boolean)[] = Array.isArray(raw) ? raw : [raw];
    if (items.length === 0) continue;
    const value = items.map((item) => encodeURIComponent(String(item))).join(',');
    parts.push(`${encodeURIComponent(key)}=${value}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
