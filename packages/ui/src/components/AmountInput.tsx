/**
 * The big amount field of Send, Swap and Buy: decimal keyboard on phones, a comma read as a
 * decimal point, an empty field as no amount. Its hint (limits, problems) is the element with id
 * `{id}-hint`.
 */
export function AmountInput({
  id,
  value,
  invalid,
  readOnly,
  testId,
  onChange
}: {
  id: string
  value: string | undefined
  invalid: boolean
  readOnly?: boolean
  testId: string
  onChange: (amount: string | undefined) => void
}) {
  return (
    <input
      id={id}
      className="wm-search wm-amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0"
      value={value ?? ''}
      readOnly={readOnly}
      aria-invalid={invalid ? 'true' : undefined}
      aria-describedby={`${id}-hint`}
      onChange={e => onChange(e.target.value.replace(',', '.').trim() || undefined)}
      data-testid={testId}
    />
  )
}
