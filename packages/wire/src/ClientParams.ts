import * as v from 'valibot'

/** Longest accepted projectId, st or sv. */
export const MAX_CLIENT_PARAM_LENGTH = 128

const clientParam = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_CLIENT_PARAM_LENGTH))

/**
 * The query parameters every service call carries (spec §7): the project id, the sdk type (`st`)
 * and the sdk version (`sv`). The project id identifies a project; it does not authorise.
 */
export const ClientParamsSchema = v.object({ projectId: clientParam, st: clientParam, sv: clientParam })

/** The parameters every service call carries. */
export type ClientParams = v.InferOutput<typeof ClientParamsSchema>

/** The names of {@link ClientParams}: a caller's client adds them, so call sites leave them out. */
export type ClientParamName = keyof ClientParams
