import { Button } from '@mantine/core';
import { useT } from '../i18n';

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
  const { t } = useT();
  return (
    <>
      {onDelete !== undefined && (
        <Button color="red" variant="light" onClick={onDelete}>
          {t('editor.delete')}
        </Button>
      )}
      <Button variant="default" onClick={onCancel}>
        {t('editor.cancel')}
      </Button>
      {!readOnly && (
        <Button type="submit" loading={saving}>
          {t('editor.save')}
        </Button>
      )}
    </>
  );
}
