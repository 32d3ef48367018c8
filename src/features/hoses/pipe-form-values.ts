/**
 * What the hose form's inputs hold ('' for an empty box) and how it becomes the schema's input:
 * numbers stay numbers, '' becomes null (toSchemaInput), a fitting with nothing entered is
 * stored as null (unknown), and a new hose gets its machine and customer.
 */
import { stampDay, stampFieldRule, stampText, toFormValues } from '@components/forms';
import type { FittingSystem, FittingType } from '@domain/schemas/enums';
import type { Fitting } from '@domain/schemas/pipe';
import type { Pipe } from './hose-filters';

export type FittingValues = {
  type: FittingType | null;
  twistAngle: number | string;
  socket: string;
};

export type PipeFormValues = {
  position: number | string;
  code: string;
  isCritical: boolean;
  maxPn: number | string;
  dn: number | string;
  hoseType: string;
  /** The maker as the marking names it (filled by "Read marking" or typed). */
  hoseManufacturer: string;
  length: number | string;
  fittingSystem: FittingSystem;
  fittingLeft: FittingValues;
  fittingRight: FittingValues;
  withProtection: boolean;
  withRope: boolean;
  /** As typed: the fitting's stamp (`2409`, `09/2024`, `3Q24`); rules/production-stamp reads it. */
  productionDate: string;
  /** 'YYYY-MM-DD' or '' (DayInput). */
  installationDate: string;
  comment: string;
};

const emptyFitting = (): FittingValues => ({ type: null, twistAngle: 0, socket: '' });

function fittingValues(fitting: Fitting | null): FittingValues {
  if (!fitting) return emptyFitting();
  return { type: fitting.type, twistAngle: fitting.twistAngle, socket: fitting.socket ?? '' };
}

export function newPipeValues(defaults: { position: number; code: string }): PipeFormValues {
  return {
    position: defaults.position,
    code: defaults.code,
    isCritical: false,
    maxPn: '',
    dn: '',
    hoseType: '',
    hoseManufacturer: '',
    length: '',
    fittingSystem: 'STANDARD',
    fittingLeft: emptyFitting(),
    fittingRight: emptyFitting(),
    withProtection: false,
    withRope: false,
    productionDate: '',
    installationDate: '',
    comment: '',
  };
}

export function pipeValues(pipe: Pipe): PipeFormValues {
  const plain = toFormValues({
    position: pipe.position,
    code: pipe.code,
    maxPn: pipe.maxPn,
    dn: pipe.dn,
    hoseType: pipe.hoseType,
    hoseManufacturer: pipe.hoseManufacturer,
    length: pipe.length,
    installationDate: pipe.installationDate,
    comment: pipe.comment,
  }) as Pick<PipeFormValues, 'position' | 'code' | 'maxPn' | 'dn' | 'hoseType' | 'length'> &
    Pick<PipeFormValues, 'hoseManufacturer'> &
    Pick<PipeFormValues, 'installationDate' | 'comment'>;
  return {
    ...plain,
    productionDate: stampText(pipe.productionDate),
    isCritical: pipe.isCritical,
    fittingSystem: pipe.fittingSystem,
    fittingLeft: fittingValues(pipe.fittingLeft),
    fittingRight: fittingValues(pipe.fittingRight),
    withProtection: pipe.withProtection,
    withRope: pipe.withRope,
  };
}

function fittingInput(f: FittingValues) {
  const blank =
    f.type === null && f.socket.trim() === '' && (f.twistAngle === '' || f.twistAngle === 0);
  if (blank) return null;
  return { ...f, twistAngle: f.twistAngle === '' ? 0 : f.twistAngle };
}

/** The stamp refused at the field, with its translated message, before the schema sees it. */
export function pipeFieldRules(values: PipeFormValues): Record<string, string> {
  return stampFieldRule('productionDate', values.productionDate);
}

/** Form values → the pipe schema's input (before toSchemaInput turns '' into null). */
export function pipeInput(
  values: PipeFormValues,
  parent?: { machineId: string; companyId: string },
) {
  return {
    ...values,
    productionDate: stampDay(values.productionDate),
    fittingLeft: fittingInput(values.fittingLeft),
    fittingRight: fittingInput(values.fittingRight),
    ...parent,
  };
}
