export { useSchemaForm, type SchemaForm, type SchemaFormOptions } from './use-schema-form';
export { useLeaveGuard } from './use-leave-guard';
export { schemaErrors, issueMessage, toSchemaInput, toFormValues } from './schema-form';
export { EnumSelect, useEnumLabel, type EnumName } from './enum-select';
export { FormActions } from './form-actions';
export { DeleteButton } from './delete-button';
export { ManufacturerField } from './manufacturer-field';
export { ImageField, CompressProgress, useCompressProgress } from './image-field';
export { DayInput, type DayInputProps } from './day-input';
export {
  ProductionStampInput,
  stampDay,
  stampFieldRule,
  stampText,
} from './production-stamp-input';
