/** Route screens of the hoses feature (lazy-loaded by src/app/routes). */
export { MachinePipesScreen } from './machine-pipes-screen';
export { CustomerPipesScreen } from './customer-pipes-screen';
export { PipeCreateScreen } from './pipe-create-screen';
export { PipeEditScreen } from './pipe-edit-screen';
