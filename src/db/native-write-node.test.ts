// @vitest-environment node
import { describe } from 'vitest';
import { nativeWriteCases } from '@tests/fixtures/native-write-cases';

describe('nativeWrite without DOM events (Dexie hears of it over its channel)', nativeWriteCases);
