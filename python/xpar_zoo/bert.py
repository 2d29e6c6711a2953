"""BERT (transformers' BertForMaskedLM): post-LN encoder, GELU (erf), masked-LM head whose decoder
is tied to the word embeddings. Parameter names match transformers
(bert.encoder.layer.0.attention.self.query.weight, cls.predictions.bias, ...)."""
import math

import torch
from torch import nn
import torch.nn.functional as F

from .common import masked_lm_loss


class BertEmbeddings(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        h = cfg["hidden_size"]
        self.word_embeddings = nn.Embedding(cfg["vocab_size"], h, padding_idx=cfg["pad_token_id"])
        self.position_embeddings = nn.Embedding(cfg["max_position_embeddings"], h)
        self.token_type_embeddings = nn.Embedding(cfg["type_vocab_size"], h)
        self.LayerNorm = nn.LayerNorm(h, eps=cfg["layer_norm_eps"])
        self.register_buffer("position_ids",
                             torch.arange(cfg["max_position_embeddings"]).expand((1, -1)),
                             persistent=False)
        self.register_buffer("token_type_ids", torch.zeros((1, cfg["max_position_embeddings"]),
                                                           dtype=torch.long), persistent=False)

    def forward(self, input_ids):
        seq_length = input_ids.size(1)
        position_ids = self.position_ids[:, :seq_length]
        token_type_ids = self.token_type_ids[:, :seq_length].expand(input_ids.size(0), seq_length)
        embeddings = self.word_embeddings(input_ids) + self.token_type_embeddings(token_type_ids)
        embeddings = embeddings + self.position_embeddings(position_ids)
        return self.LayerNorm(embeddings)


class BertSelfAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        h = cfg["hidden_size"]
        self.num_attention_heads = cfg["num_attention_heads"]
        self.attention_head_size = h // self.num_attention_heads
        self.all_head_size = h
        self.query = nn.Linear(h, h)
        self.key = nn.Linear(h, h)
        self.value = nn.Linear(h, h)

    def transpose_for_scores(self, x):
        new_x_shape = x.size()[:-1] + (self.num_attention_heads, self.attention_head_size)
        return x.view(new_x_shape).permute(0, 2, 1, 3)

    def forward(self, hidden_states):
        query_layer = self.transpose_for_scores(self.query(hidden_states))
        key_layer = self.transpose_for_scores(self.key(hidden_states))
        value_layer = self.transpose_for_scores(self.value(hidden_states))
        scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
        scores = scores / math.sqrt(self.attention_head_size)
        probs = F.softmax(scores, dim=-1)
        context = torch.matmul(probs, value_layer).permute(0, 2, 1, 3).contiguous()
        return context.view(context.size()[:-2] + (self.all_head_size,))


class BertSelfOutput(nn.Module):
    """Also BertOutput: dense, then LayerNorm of (result + residual): the post-LN step."""

    def __init__(self, in_size, cfg):
        super().__init__()
        self.dense = nn.Linear(in_size, cfg["hidden_size"])
        self.LayerNorm = nn.LayerNorm(cfg["hidden_size"], eps=cfg["layer_norm_eps"])

    def forward(self, hidden_states, input_tensor):
        return self.LayerNorm(self.dense(hidden_states) + input_tensor)


class BertAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.self = BertSelfAttention(cfg)
        self.output = BertSelfOutput(cfg["hidden_size"], cfg)

    def forward(self, hidden_states):
        return self.output(self.self(hidden_states), hidden_states)


class BertIntermediate(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.dense = nn.Linear(cfg["hidden_size"], cfg["intermediate_size"])

    def forward(self, hidden_states):
        return F.gelu(self.dense(hidden_states))


class BertLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.attention = BertAttention(cfg)
        self.intermediate = BertIntermediate(cfg)
        self.output = BertSelfOutput(cfg["intermediate_size"], cfg)

    def forward(self, hidden_states):
        attention_output = self.attention(hidden_states)
        return self.output(self.intermediate(attention_output), attention_output)


class BertEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.layer = nn.ModuleList([BertLayer(cfg) for _ in range(cfg["num_hidden_layers"])])

    def forward(self, hidden_states):
        for layer in self.layer:
            hidden_states = layer(hidden_states)
        return hidden_states


class BertModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embeddings = BertEmbeddings(cfg)
        self.encoder = BertEncoder(cfg)

    def forward(self, input_ids):
        return self.encoder(self.embeddings(input_ids))


class BertPredictionHeadTransform(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.dense = nn.Linear(cfg["hidden_size"], cfg["hidden_size"])
        self.LayerNorm = nn.LayerNorm(cfg["hidden_size"], eps=cfg["layer_norm_eps"])

    def forward(self, hidden_states):
        return self.LayerNorm(F.gelu(self.dense(hidden_states)))


class BertLMPredictionHead(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.transform = BertPredictionHeadTransform(cfg)
        self.decoder = nn.Linear(cfg["hidden_size"], cfg["vocab_size"], bias=False)
        self.bias = nn.Parameter(torch.zeros(cfg["vocab_size"]))
        self.decoder.bias = self.bias

    def forward(self, hidden_states):
        return self.decoder(self.transform(hidden_states))


class BertOnlyMLMHead(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.predictions = BertLMPredictionHead(cfg)

    def forward(self, sequence_output):
        return self.predictions(sequence_output)


class BertForMaskedLM(nn.Module):
    def __init__(self, cfg, return_logits=False):
        super().__init__()
        self.bert = BertModel(cfg)
        self.cls = BertOnlyMLMHead(cfg)
        self.cls.predictions.decoder.weight = self.bert.embeddings.word_embeddings.weight
        self.return_logits = return_logits

    def forward(self, input_ids, labels):
        logits = self.cls(self.bert(input_ids))
        loss = masked_lm_loss(logits, labels)
        return (loss, logits) if self.return_logits else loss
