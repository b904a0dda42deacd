import { Group } from '@mantine/core';
import { useParams } from 'react-router';
import { EditorButtons } from '../../components/EditorButtons';
import { MakeScheduleButton } from './MakeScheduleButton';
import { useConversion } from './api';
import { ConversionForm } from './ConversionForm';
import { EditorFrame } from './EditorFrame';
import { useT } from './i18n';
import { useConversionWrites } from './api';
import { useLedgerEditor } from './use-ledger-editor';

/** private/edit-conversion/{id} (id read from the route): the add form with Save, Cancel and Delete. */
export function EditConversionPage() {
  const { t } = useT();
  const id = Number(useParams()['id']);
  const editor = useLedgerEditor('Conversion', id, useConversion(id), useConversionWrites());
  const conversion = editor.item;

  return (
    <EditorFrame title={t('editor.editConversion')} {...editor.frame}>
      {conversion !== undefined && (
        <>
          <ConversionForm
            key={conversion.id}
            initial={conversion}
            onSubmit={editor.save}
            actions={<EditorButtons onDelete={editor.remove} onCancel={editor.goBack} saving={editor.saving} />}
          />
          <Group mt="md">
            <MakeScheduleButton from={conversion} />
          </Group>
        </>
      )}
    </EditorFrame>
  );
}
