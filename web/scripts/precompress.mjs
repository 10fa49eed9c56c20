// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the built app, so the API can send them
// compressed without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = new URL('../dist/', import.meta.url).pathname
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
const MIN_BYTES = 1024

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (COMPRESSIBLE.test(entry.name)) yield path
  }
}

let count = 0
for await (const path of files(dist)) {
  const body = await readFile(path)
  if (body.length < MIN_BYTES) continue
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  await writeFile(`${path}.br`, brotli)
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }))
  count += 1
}
console.log(`precompressed ${count} files in ${dist}`)
