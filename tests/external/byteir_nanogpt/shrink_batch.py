"""Writes ByteIR's nanoGPT graphs (fw.mlir, bw.mlir here) with the batch of 64 sequences cut to B.

The graphs are verbatim upstream files at batch 64 (16384 tokens); a full forward takes about a
minute and 7 GB on one CPU device, too slow for the default test suite. Every batch-sized
dimension is rewritten, nothing else: tensor types whose leading dimension is the batch (64, before
256 tokens or 6 heads), the token count 16384 = 64 * 256 anywhere in a type, the batch * heads
dimension 384 = 64 * 6 of the attention's [384, 256, 64] / [384, 64, 256] / [384, 256, 256]
tensors, and the leading 64 of the shape and slice lists ([64, 256, 384], [64, 6, 256, 256],
`array<i64: 64, 256, 384>`). Exits with an error if a batch-sized number is left over.

usage: shrink_batch.py IN.mlir OUT.mlir B
"""
import re
import sys

BATCH, TOKENS, HEADS = 64, 256, 6


def shrink_dims(dims, b):
    d = list(dims)
    if len(d) >= 2 and d[0] == str(BATCH) and d[1] in (str(TOKENS), str(HEADS)):
        d[0] = str(b)
    if len(d) == 3 and d[0] == str(BATCH * HEADS) and d[1:] in (['256', '64'], ['64', '256'],
                                                                 ['256', '256']):
        d[0] = str(b * HEADS)
    return [str(b * TOKENS) if x == str(BATCH * TOKENS) else x for x in d]


def shrink(text, b):
    def tensor(m):
        parts = m.group(1).split('x')
        dims, elem = parts[:-1], parts[-1]
        return 'tensor<' + 'x'.join(shrink_dims(dims, b) + [elem]) + '>'
    text = re.sub(r'tensor<([0-9x]+x[a-z][a-z0-9]*)>', tensor, text)
    text = re.sub(r'dense<\[64, (256|6), ', lambda m: 'dense<[%d, %s, ' % (b, m.group(1)), text)
    text = text.replace('array<i64: 64, 256, 384>', 'array<i64: %d, 256, 384>' % b)
    return text


def leftovers(text):
    """Batch-sized dimensions still in the text: 16384 anywhere, a type that starts with the
    batch (64x256x, 64x6x) or batch * heads (384x256x, 384x64x256), a shape list [64, ...]."""
    return sorted(set(re.findall(r'(?<![0-9])16384(?![0-9])|(?<![0-9x])(?:64x256x|64x6x|'
                                 r'384x256x(?=[0-9])|384x64x256x)|\[64, |i64: 64, ', text)))


def main():
    src, dst, b = sys.argv[1], sys.argv[2], int(sys.argv[3])
    out = shrink(open(src).read(), b)
    left = leftovers(out)
    if left:
        sys.exit('shrink_batch.py: batch-sized dimensions left over: %s' % left)
    open(dst, 'w').write(out)


if __name__ == '__main__':
    main()
