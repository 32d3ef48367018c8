/** Route screens of the power-units feature (docs/architecture.md: power units and their eight part kinds). */
export { PowerUnitListScreen } from './power-unit-list-screen';
export { PowerUnitScreen } from './power-unit-screen';
export { PowerUnitCreateScreen, PowerUnitEditScreen } from './power-unit-edit-screens';
export { PartListScreen, PartCreateScreen, PartEditScreen } from './part-screens';
