import { describe, expect, it } from 'vitest'
import { compareVersions, updateStatus } from './version'

describe('compareVersions', () => {
  it('orders versions part by part as numbers, not text', () => {
    expect(compareVersions('1.0.34', '1.0.35')).toBeLessThan(0)
    expect(compareVersions('1.0.34', '1.0.4')).toBeGreaterThan(0)
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0)
    expect(compareVersions('2.0.0', '1.99.99')).toBeGreaterThan(0)
  })

  it('treats missing parts as zero and ignores a leading v', () => {
    expect(compareVersions('1.0', '1.0.0')).toBe(0)
    expect(compareVersions('v1.0.34', '1.0.34')).toBe(0)
    expect(compareVersions('1.0.34.1', '1.0.34')).toBeGreaterThan(0)
  })
})

describe('updateStatus', () => {
  it('forces the update when the client is older than the minimum version', () => {
    expect(updateStatus({ minimum_client_version: '1.0.35', latest_client_version: '1.0.40' }, '1.0.34')).toBe('forced')
  })

  it('offers the update when the client is only older than the latest version', () => {
    expect(updateStatus({ minimum_client_version: '1.0.30', latest_client_version: '1.0.35' }, '1.0.34')).toBe(
      'optional',
    )
  })

  it('asks for nothing when the client is current', () => {
    expect(updateStatus({ minimum_client_version: '1.0.34', latest_client_version: '1.0.34' }, '1.0.34')).toBe('none')
    expect(updateStatus({ minimum_client_version: '', latest_client_version: '' }, '1.0.34')).toBe('none')
  })

  it('uses the client version from the generated rules by default', () => {
    expect(updateStatus({ minimum_client_version: '1.0.34', latest_client_version: '1.0.34' })).toBe('none')
    expect(updateStatus({ minimum_client_version: '99.0.0', latest_client_version: '99.0.0' })).toBe('forced')
  })
})
