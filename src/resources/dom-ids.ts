/** The element id of a form field's control, by the field's full path: the focus after a failed submit lands on it. */
export const fieldId = (key: string) => `field-${key}`;
