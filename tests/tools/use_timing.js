// The peer of plank_bench_use (tests/bench/bench_use.cpp): TensorFlow.js running
// the Universal Sentence Encoder lite's graph up to the node UseEncoder::word_states
// reads, for the same words, timed around executeAsync. Prints one line:
//   <median ms> <pieces> <tfjs version>
// Needs the scratch folder tests/tools/use_reference.js describes:
//   NODE_PATH=/tmp/usejs/node_modules node tests/tools/use_timing.js MODEL_DIR REPEATS WORD...
'use strict';
const fs = require('fs');
const path = require('path');
const tf = require('@tensorflow/tfjs');
const {Tokenizer} = require('@tensorflow-models/universal-sentence-encoder/dist/tokenizer');

const STATES = 'module_apply_default/Encoder_en/KonaTransformer/Encode/TransformerStack/Layer_1/' +
    'TransformerLayer/FFN/layer_postprocess/add';

async function main() {
  const [dir, repeatsText, ...words] = process.argv.slice(2);
  const model = JSON.parse(fs.readFileSync(path.join(dir, 'model.json')));
  const manifest = model.weightsManifest[0];
  const bytes = Buffer.concat(manifest.paths.map((p) => fs.readFileSync(path.join(dir, p))));
  const weights = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const graph = await tf.loadGraphModel(tf.io.fromMemory(model.modelTopology, manifest.weights, weights));
  const tokenizer = new Tokenizer(JSON.parse(fs.readFileSync(path.join(dir, 'vocab.json'))));
  const ids = [].concat(...words.map((w) => tokenizer.encode(w)));
  const times = [];
  for (let i = 0; i < Number(repeatsText); ++i) {
    const start = process.hrtime.bigint();
    const indices = tf.tensor2d(ids.map((_, k) => [0, k]), [ids.length, 2], 'int32');
    const values = tf.tensor1d(ids, 'int32');
    const states = await graph.executeAsync({indices, values}, STATES);
    states.dataSync();
    tf.dispose([indices, values, states]);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`${times[Math.floor(times.length / 2)]} ${ids.length} ${tf.version.tfjs}\n`);
}
main().catch((e) => {
  process.stderr.write(String(e) + '\n');
  process.exit(1);
});
