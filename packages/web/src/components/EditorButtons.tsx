import { Button } from '@mantine/core';

interface Props {
  onCancel: () => void;
  /** Without it there is no Delete. */
  onDelete?: (() => void) | undefined;
  /** No Save: the item can only be looked at. */
  readOnly?: boolean;
  saving: boolean;
}

/** An editor's Delete, Cancel and Save (the submit of the surrounding form), in that order. */
export function EditorButtons({ onCancel, onDelete, readOnly = false, saving }: Props) {
  return (
    <>
      {onDelete !== undefined && (
        <Button color="red" variant="light" onClick={onDelete}>
          Delete
        </Button>
      )}
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {!readOnly && (
        <Button type="submit" loading={saving}>
          Save
        </Button>
      )}
    </>
  );
}
