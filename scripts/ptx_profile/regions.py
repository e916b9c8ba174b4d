#!/usr/bin/env python3
"""Where a profiled kernel's instructions and stall samples go: reads ncu's per-instruction CSV
(profile.sh's *.source.csv) and prints, for each stretch of the SASS between barriers (and after
the last unpredicated EXIT), the warp instructions executed, the thread instructions per output
(OUTPUTS: the outputs the launch computed, e.g. 8294400 for one 3840x2160 plane) and its share
of the warp stall samples; then the opcodes that ran most, per output. Stretches follow the
addresses, not the control flow: a branch that skips ahead counts where its code lies.

usage: regions.py SOURCE_CSV OUTPUTS"""
import collections
import csv
import sys


def main(path, outputs):
    rows = list(csv.reader(open(path)))
    header, data = rows[1], rows[2:]
    executed = header.index('Instructions Executed')
    samples = header.index('Warp Stall Sampling (All Samples)')
    base = int(data[0][0], 16)
    stretches, start, count, sampled = [], 0, 0, 0
    opcodes = collections.Counter()
    total_count = total_samples = 0
    for row in data:
        address, source = int(row[0], 16) - base, row[1].strip()
        n, s = int(row[executed] or 0), int(row[samples] or 0)
        count, sampled = count + n, sampled + s
        total_count, total_samples = total_count + n, total_samples + s
        words = source.split()
        if words:
            opcodes[(words[1] if words[0].startswith('@') else words[0]).split('.')[0]] += n
        if 'BAR.SYNC' in source or source.startswith('EXIT'):
            stretches.append((start, address, count, sampled))
            start, count, sampled = address + 16, 0, 0
    stretches.append((start, None, count, sampled))
    per_output = lambda n: n * 32.0 / outputs
    print('%d warp instructions, %.1f thread instructions per output, %d stall samples'
          % (total_count, per_output(total_count), total_samples))
    for first, last, n, s in stretches:
        print('  %#7x-%-8s %10d warp instructions %6.1f per output, %5.1f%% of samples'
              % (first, '%#x' % last if last is not None else 'end', n, per_output(n),
                 100.0 * s / max(1, total_samples)))
    print('  per output: ' + ', '.join('%s %.1f' % (op, per_output(n)) for op, n in opcodes.most_common(16)))


if __name__ == '__main__':
    main(sys.argv[1], int(sys.argv[2]))
