/**
 * The API as the web calls it: every call names a path of the OpenAPI document (src/generated/api.ts), so a wrong
 * path, method, path parameter, query or body is a type error, and the answer's data is the type the server declares.
 * It adds no transport of its own: the URL is built here and sent by `request` (lib/api.ts).
 */
import type { paths } from '@/generated/api'
import { request, type ApiResult } from '@/lib/api'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The API's paths that answer this method. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P][Lowercase<M>] extends undefined ? never : P
}[keyof paths]

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][Lowercase<M>]>

/** A number in a path may be given as the text of the page's own address (a route's `:tripId`). */
type PathValues<T> = { [K in keyof T]: T[K] extends number ? number | string : T[K] }

type PathPart<O> = O extends { parameters: { path: infer T } } ? { path: PathValues<T> } : unknown

type QueryPart<O> = O extends { parameters: { query: infer T } }
  ? { query: T }
  : O extends { parameters: { query?: infer T } }
    ? [T] extends [undefined] ? unknown : { query?: T }
    : unknown

type Content<B> = B extends { content: { 'application/json': infer J } }
  ? J
  : B extends { content: { 'multipart/form-data': unknown } }
    ? FormData
    : never

type BodyPart<O> = O extends { requestBody: infer B }
  ? { body: Content<B> }
  : O extends { requestBody?: infer B }
    ? [B] extends [undefined] ? unknown : { body?: Content<NonNullable<B>> }
    : unknown

/** What a call of this method on this path takes besides them: its path parameters, query and body, as declared. */
export type CallOptions<P extends keyof paths, M extends Method> = PathPart<Operation<P, M>> &
  QueryPart<Operation<P, M>> &
  BodyPart<Operation<P, M>> & { signal?: AbortSignal }

/** The `data` of the success envelope the path answers with (undefined for an answer that is only a message). */
export type ApiData<P extends keyof paths, M extends Method> = Operation<P, M> extends {
  responses: { 200: { content: { 'application/json': infer E } } }
}
  ? E extends { data: infer D }
    ? D
    : undefined
  : never

/** The options argument, optional when nothing in it is required. */
type Rest<T> = object extends T ? [options?: T] : [options: T]

type QueryValue = string | number | boolean | null | undefined

type LooseOptions = {
  path?: Record<string, QueryValue>
  query?: Record<string, QueryValue>
  body?: unknown
  signal?: AbortSignal
}

/**
 * One call to the API: resolves with its message and data, rejects with an ApiError (lib/api.ts, `request`).
 * The path's parameters are filled in and the query appended; empty query values are left out, and commas stay
 * unescaped so lists such as `status_ids=active,requested` are sent as written (the address index.html fetches early).
 */
export function call<M extends Method, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...options: Rest<CallOptions<P, M>>
): Promise<ApiResult<ApiData<P, M>>>
export function call(method: Method, path: string, options: LooseOptions = {}): Promise<ApiResult<unknown>> {
  const { path: params = {}, query = {} } = options
  const url = path.replace(/{(\w+)}/g, (_, name: string) => encodeURIComponent(String(params[name])))
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] != null && entry[1] !== ''),
  )
    .toString()
    .replaceAll('%2C', ',')
  return request(search ? `${url}?${search}` : url, { ...options, method })
}

/** GET and keep only the data. */
export async function getData<P extends ApiPath<'GET'>>(
  path: P,
  ...options: Rest<CallOptions<P, 'GET'>>
): Promise<ApiData<P, 'GET'>> {
  return (await call('GET', path, ...options)).data
}
