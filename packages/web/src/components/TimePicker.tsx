import { TextInput, type TextInputProps } from '@mantine/core';
import { useT } from '../i18n';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** Local 'YYYY-MM-DDTHH:mm'. */
  value: string;
  onChange: (value: string) => void;
};

/** Date and time of day in the user's zone; the form reads it with instantOrNow (spec §5: invalid means now). */
export function TimePicker({ value, onChange, ...rest }: Props) {
  const { t } = useT();
  return (
    <TextInput
      type="datetime-local"
      label={t('time')}
      {...rest}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
