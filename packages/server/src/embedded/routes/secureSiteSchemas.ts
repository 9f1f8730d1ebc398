import * as v from 'valibot'

/** A device's id, made by the frame and kept in its origin's storage. */
export const DeviceIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'deviceId: 16-64 URL-safe characters'))

/** A code from an e-mail (spaces around it are forgiven). */
export const OtpSchema = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'The code has 6 digits'))

/** A project's id as a request names it. */
export const ProjectIdSchema = v.pipe(v.string(), v.maxLength(100))

/** The page origin a login's result goes back to (checked against the project's origins by the route). */
export const ParentOriginSchema = v.pipe(v.string(), v.maxLength(300))

/** The frame's secret that ties a social or Farcaster login to the frame that started it. */
export const BindingSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,64}$/))
