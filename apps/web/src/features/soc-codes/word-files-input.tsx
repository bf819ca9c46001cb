import { isWordFile, WORD_ONLY_MESSAGE } from '@caseport/domain/soc-codes/contracts';
import { FileInput } from '@mantine/core';
import { IconFileTypeDoc } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * R-SOC-029: Word templates only. Anything else gives 'Upload Only MS Word Files' and clears the selection;
 * the server checks the content again (a renamed PDF or a .docm never passes).
 */
export function WordFilesInput({
  value,
  onChange,
  label = 'Templates',
  error,
}: {
  value: File[];
  onChange: (files: File[]) => void;
  label?: string;
  error?: string;
}) {
  const [typeError, setTypeError] = useState<string | null>(null);
  return (
    <FileInput
      label={label}
      placeholder="Choose .doc or .docx files"
      multiple
      clearable
      accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
      leftSection={<IconFileTypeDoc size={16} aria-hidden="true" />}
      value={value}
      error={typeError ?? error}
      onChange={(files) => {
        if (files.some((f) => !isWordFile(f))) {
          setTypeError(WORD_ONLY_MESSAGE);
          onChange([]);
          return;
        }
        setTypeError(null);
        onChange(files);
      }}
    />
  );
}
