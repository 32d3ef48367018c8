// @vitest-environment jsdom
import { describe } from 'vitest';
import { nativeWriteCases } from '@tests/fixtures/native-write-cases';

describe('nativeWrite in a page (Dexie hears of it by its DOM event)', nativeWriteCases);
