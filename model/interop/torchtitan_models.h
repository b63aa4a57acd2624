#pragma once
// torchtitan's Llama 3 flavors (pytorch/torchtitan 238fa99, the last commit with TOML configs:
// torchtitan/models/llama3/__init__.py llama3_args, model/args.py defaults vocab_size 128256 and
// n_kv_heads = n_heads, and FeedForward's hidden size in model/model.py).
#include "project/job.h"

#include <string>
#include <vector>

namespace podplanner::model::interop {

struct TorchtitanFlavor {
    std::string name; // [model] flavor, with name = "llama3"
    ModelSpec model;  // seq_len left 0: [training] seq_len sets it
};

const std::vector<TorchtitanFlavor>& torchtitanFlavors();
const TorchtitanFlavor* findTorchtitanFlavor(const std::string& name);
const TorchtitanFlavor* matchTorchtitanFlavor(const ModelSpec& model);

} // namespace podplanner::model::interop
