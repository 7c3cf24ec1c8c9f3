/** The element id of a form field's control, by the field's full path: the focus after a failed submit lands on it. */
export const fieldId = (key: string) => `field-${key}`;

/** A list row's title link and checkbox, and the list itself: where the focus goes after a delete. */
export const rowTitleId = (resource: string, id: number) => `row-${resource}-${id}-title`;
export const rowCheckboxId = (resource: string, id: number) => `row-${resource}-${id}-select`;
export const listRegionId = (resource: string) => `list-${resource}`;
