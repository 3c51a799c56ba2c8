/** An alert's category: a top category (or all), then one of its subcategories (or all). */
import { observer } from 'mobx-react-lite';
import { ALERT_FORM_TEXTS } from '@prijsalarm/core';
import type { AlertEditor } from '../AlertEditor';
import { SelectField } from '../controls';

const texts = ALERT_FORM_TEXTS.category;

const toId = (value: string) => (value === '' ? null : Number(value));

export const CategoryFields = observer(function CategoryFields({
  editor,
}: {
  editor: AlertEditor;
}) {
  const { l1, l2 } = editor.form.category;
  const l1Options = [
    { value: '', label: texts.all },
    ...editor.l1Categories.map((category) => ({
      value: String(category.id),
      label: category.name,
    })),
  ];
  const l2Options = [
    { value: '', label: texts.allSubcategories },
    ...editor.l2Categories.map((category) => ({
      value: String(category.id),
      label: category.name,
    })),
  ];
  return (
    <div className="form__row">
      <SelectField
        label={texts.l1}
        name="l1Category"
        value={l1 ? String(l1.id) : ''}
        options={l1Options}
        hint={editor.categoriesLoading ? texts.loading : null}
        error={editor.error('l1CategoryId')}
        onValueChange={(value) => editor.selectL1(toId(value))}
      />
      {l1 && (
        <SelectField
          label={texts.l2}
          name="l2Category"
          value={l2 ? String(l2.id) : ''}
          options={l2Options}
          error={editor.error('l2CategoryId')}
          onValueChange={(value) => editor.selectL2(toId(value))}
        />
      )}
    </div>
  );
});
