#!/usr/bin/python3
"""The PyTorch peer of fourfold's GPT-2 step benchmark: GPT-2 124M (12 layers, 12 heads, 768
channels, vocabulary 50304, tied embedding) trained with AdamW on random tokens, eager fp32 and
CPU bf16 autocast (oneDNN), one process on --threads threads. Prints one JSON line per precision:
{"peer": "pytorch", "precision": ..., "s_per_step": median over the timed steps, ...}.
Debian's python3-torch is a benchmark peer only; nothing in fourfold depends on it."""
import argparse
import json
import math
import statistics
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, c, heads):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = nn.LayerNorm(c), nn.LayerNorm(c)
        self.qkv, self.proj = nn.Linear(c, 3 * c), nn.Linear(c, c)
        self.fc, self.fc_proj = nn.Linear(c, 4 * c), nn.Linear(4 * c, c)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(c, dim=2)
        q, k, v = (z.view(b, t, self.heads, c // self.heads).transpose(1, 2) for z in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        mask = torch.ones(t, t, dtype=torch.bool).tril()
        att = F.softmax(att.masked_fill(~mask, float("-inf")), dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
        x = x + self.proj(y)
        return x + self.fc_proj(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class Gpt2(nn.Module):
    def __init__(self, layers=12, heads=12, c=768, vocab=50304, max_t=1024):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(vocab, c), nn.Embedding(max_t, c)
        self.blocks = nn.ModuleList(Block(c, heads) for _ in range(layers))
        self.ln_f = nn.LayerNorm(c)
        for module in self.modules():  # GPT-2's initialisation, as fourfold's
            if isinstance(module, (nn.Linear, nn.Embedding)):
                nn.init.normal_(module.weight, std=0.02)
            if isinstance(module, nn.Linear):
                nn.init.zeros_(module.bias)

    def forward(self, idx, targets):
        t = idx.size(1)
        x = self.wte(idx) + self.wpe(torch.arange(t))
        for block in self.blocks:
            x = block(x)
        logits = self.ln_f(x) @ self.wte.weight.t()
        return F.cross_entropy(logits.float().view(-1, logits.size(-1)), targets.reshape(-1))


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--batch-size", type=int, default=4)
    p.add_argument("--seq-len", type=int, default=256)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--precision", action="append", choices=["fp32", "bf16"])
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(0)
    for precision in a.precision or ["fp32", "bf16"]:
        model = Gpt2()
        opt = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.1)
        idx = torch.randint(0, 50257, (a.batch_size, a.seq_len + 1))
        times, losses = [], []
        for step in range(a.warmup + a.steps):
            start = time.perf_counter()
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == "bf16"):
                loss = model(idx[:, :-1], idx[:, 1:])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            if step >= a.warmup:
                times.append(time.perf_counter() - start)
            losses.append(loss.item())
        print(json.dumps({"peer": "pytorch", "version": torch.__version__, "precision": precision,
                          "batch_size": a.batch_size, "seq_len": a.seq_len, "threads": a.threads,
                          "s_per_step": statistics.median(times), "first_loss": losses[0]}), flush=True)


if __name__ == "__main__":
    main()
