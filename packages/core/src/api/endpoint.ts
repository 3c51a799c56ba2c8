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

/** One value per `:param` of a path, in the order they appear in it. */
export type PathParamValues<Path extends string> = Path extends `${string}:${string}/${infer Rest}`
  ? [string | number, ...PathParamValues<`/${Rest}`>]
  : Path extends `${string}:${string}`
    ? [string | number]
    : [];

const PATH_PARAM = /:([A-Za-z0-9_]+)/g;

/** The names of the `:params` in a path, in order, e.g. ['token', 'refreshToken']. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1]!);
}

/** The type slots of an endpoint; leave out what it does not have. */
export interface EndpointTypes {
  body?: unknown;
  query?: unknown;
  response: unknown;
}

type Slot<Types, Key extends string> = Key extends keyof Types ? Types[Key] : undefined;

/**
 * Where the client sends a call's data (see ./client): a GET's goes in the query, any other
 * method's in the body; a non-GET endpoint that takes a query and no body says `dataIn: 'query'`.
 */
export type DataPlacement = 'query' | 'body';

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
  readonly dataIn: DataPlacement;
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
 * The options an endpoint's types call for: a non-GET with a query and no body must say
 * `dataIn: 'query'`; a GET with a body, or any endpoint with both, cannot be declared (the client
 * sends one piece of data per call, see DataPlacement).
 */
type OptionsArgs<Method extends HttpMethod, Types> = Method extends 'GET'
  ? 'body' extends keyof Types
    ? [options: never]
    : [options?: EndpointOptions]
  : 'query' extends keyof Types
    ? 'body' extends keyof Types
      ? [options: never]
      : [options: EndpointOptions & { dataIn: 'query' }]
    : [options?: EndpointOptions];

/**
 * `defineEndpoint<{ body: B; response: R }>()('PUT', '/alerts/manage/:token')`.
 * Curried so that the method and path are inferred as literals while the types are given.
 */
export function defineEndpoint<Types extends EndpointTypes>() {
  return <const Method extends HttpMethod, const Path extends string>(
    method: Method,
    path: Path,
    ...rest: OptionsArgs<Method, Types>
  ): Endpoint<Method, Path, Slot<Types, 'body'>, Slot<Types, 'query'>, Types['response']> => {
    const [options = {}] = rest as [(EndpointOptions & { dataIn?: DataPlacement })?];
    return {
      method,
      path,
      responseFormat: options.responseFormat ?? 'json',
      dataIn: options.dataIn ?? (isReadMethod(method) ? 'query' : 'body'),
      successStatus: options.successStatus ?? 200,
    };
  };
}

export function isEndpoint(value: object): value is AnyEndpoint {
  return 'method' in value && 'path' in value;
}

/** The endpoint's path with every `:param` replaced by its URL-encoded value. */
export function buildPath<Path extends string>(
  endpoint: { readonly path: Path },
  params: PathParams<Path>,
): string {
  const values = params as Record<string, string | number | undefined>;
  return endpoint.path.replace(PATH_PARAM, (_match, name: string) => {
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
 * `?a=1&b=x%20y`, or '' when nothing is set. Arrays are comma-separated (the notification
 * filter's alertIds); undefined, null and empty arrays are left out.
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
