/**
 * The one API client of the web and desktop apps: a method for every entry of API_CONTRACT,
 * derived from the entry, on top of the transport (./transport: timeouts, CSRF, session refresh,
 * errors). `client.alerts.manage.get(token, query)` calls API_CONTRACT.alerts.manage.get.
 */
import { API_CONTRACT } from './contract';
import type { ApiContract } from './contract';
import type {
  AnyEndpoint,
  EndpointBody,
  EndpointQuery,
  EndpointResponse,
  PathParamValues,
} from './endpoint';
import { isEndpoint, pathParamNames } from './endpoint';
import type { ApiClientOptions, PerCallOptions, UntypedCall } from './transport';
import { createTransport } from './transport';

export type {
  ApiClientHooks,
  ApiClientOptions,
  CallOptions,
  CookieReader,
  FetchLike,
  PerCallOptions,
  PlanRequiredInfo,
  RequestInitLike,
  ResponseLike,
  SessionExpiredInfo,
} from './transport';
export {
  filenameFromContentDisposition,
  isSessionRefreshExempt,
  retryAfterMs,
  SESSION_REFRESH_EXEMPT_PATHS,
  shouldRedirectToLogin,
} from './transport';

/** An endpoint's one piece of data: its body, or (when it has no body) its query. */
type EndpointData<E> = [EndpointBody<E>] extends [undefined] ? EndpointQuery<E> : EndpointBody<E>;

/**
 * The data argument: left out for an endpoint without data (such a call's per-call options go
 * through `request`), optional when every field of it is.
 */
type DataArgs<E> = [EndpointData<E>] extends [undefined]
  ? []
  : object extends EndpointData<E>
    ? [data?: EndpointData<E>, options?: PerCallOptions]
    : [data: EndpointData<E>, options?: PerCallOptions];

/** An entry's method: its path params in the order of its path, then its data, then options. */
export type EndpointMethod<E extends AnyEndpoint> = (
  ...args: [...PathParamValues<E['path']>, ...DataArgs<E>]
) => Promise<EndpointResponse<E>>;

/** The contract's groups with each endpoint turned into its method. */
export type ContractMethods<Group> = {
  [Key in keyof Group]: Group[Key] extends AnyEndpoint
    ? EndpointMethod<Group[Key]>
    : ContractMethods<Group[Key]>;
};

function endpointMethod(endpoint: AnyEndpoint, send: (call: UntypedCall) => Promise<unknown>) {
  // Read on the first call: a page calls a few of the contract's endpoints, and building the
  // client is part of its start.
  let names: string[] | undefined;
  return (...args: unknown[]) => {
    names ??= pathParamNames(endpoint.path);
    const params = Object.fromEntries(names.map((name, index) => [name, args[index]]));
    const data = args[names.length];
    const options = (args[names.length + 1] ?? {}) as PerCallOptions;
    return send({ ...options, params, [endpoint.dataIn]: data } as UntypedCall);
  };
}

function deriveMethods(
  group: object,
  send: (endpoint: AnyEndpoint, call: UntypedCall) => Promise<unknown>,
): unknown {
  return Object.fromEntries(
    Object.entries(group).map(([key, value]: [string, object]) => [
      key,
      isEndpoint(value)
        ? endpointMethod(value, (call) => send(value, call))
        : deriveMethods(value, send),
    ]),
  );
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options);
  const methods = deriveMethods(API_CONTRACT, transport.send) as ContractMethods<ApiContract>;
  return {
    ...methods,
    // A refresh must join the shared one under way (and tell onSessionRefreshed), not race it.
    auth: { ...methods.auth, refresh: transport.refreshSession },
    request: transport.request,
    refreshSession: transport.refreshSession,
  };
}
