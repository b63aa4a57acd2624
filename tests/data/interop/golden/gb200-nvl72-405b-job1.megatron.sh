#!/bin/bash
# Megatron-LM launch for job 1 "llama3.1-405b-gb200" of project "Llama 3.1 405B on 32 GB200 NVL72 racks (2,048 GPUs)" (written by podplanner export)
#
# Mesh: dp 32 x fsdp 1 x tp 4 x pp 8 x ep 1 x cp 2 = 2048 GPUs = 512 nodes x 4 GPUs (NVIDIA GB200 (Blackwell in GB200 NVL72))
#   Megatron: world 2048 = tensor 4 x pipeline 8 x context 2 x data-parallel 32 (dp 32 x fsdp 1 x ep 1); experts over ep 1 within data-parallel
#   batch: --global-batch-size 2048 = --micro-batch-size 1 x data-parallel 32 x 64 microbatches
#
# What Megatron-LM cannot express (kept here, and in the podplanner-job line):
#   - mapping dp: nvlink(8) dcn(4) | tp: nvlink(4) | pp: dcn(8) | cp: nvlink(2) (the engine's fastest): Megatron orders its process groups itself (tp innermost, then cp, dp, pp); it has no flag for which links an axis uses
#   - an uneven pipeline (126 layers on 64 stages): Megatron needs --decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers for it
#   - --vocab-size is the unpadded vocabulary; with a real --tokenizer-type the tokenizer sets it and Megatron pads it (--make-vocab-size-divisible-by)
# podplanner-job: {"name":"llama3.1-405b-gb200","parallelism":{"mapping":{}},"training":{"total_tokens":15000000000000},"placement":{"pod":0,"nodes":32},"reliability":{"checkpoint":{"persistent_write_s":120,"storage_gbyte_s":0,"in_memory":false,"in_memory_write_s":5,"interval_min":"auto"},"restart_s":900,"hot_spare_cubes":0,"elastic":false,"preflight":{"coverage":0,"duration_h":0},"sdc":{"rate_per_chip_hour":"cluster","detection":"checksums","overhead":0,"detection_latency_h":1},"maintenance":[],"stragglers":{"probability_per_chip_step":0.0,"slowdown":1}}}
#SBATCH --nodes=512
#SBATCH --gpus-per-node=4
GPUS_PER_NODE=4
NUM_NODES=${SLURM_NNODES:-512}
MEGATRON_ARGS=(
    --tensor-model-parallel-size 4
    --pipeline-model-parallel-size 8
    --num-virtual-stages-per-pipeline-rank 8
    --context-parallel-size 2
    --sequence-parallel
    --tp-comm-overlap
    --use-distributed-optimizer
    --micro-batch-size 1
    --global-batch-size 2048
    --num-layers 126
    --hidden-size 16384
    --ffn-hidden-size 53248
    --num-attention-heads 128
    --group-query-attention
    --num-query-groups 8
    --kv-channels 128
    --swiglu
    --seq-length 8192
    --max-position-embeddings 8192
    --vocab-size 128256
    --untie-embeddings-and-output-weights
    --bf16
    --fp8-format hybrid
    --fp8-param-gather
    --grad-reduce-in-bf16
    --cuda-graph-impl local
    --cuda-graph-scope full_iteration
    --train-iters 894070
)
torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NUM_NODES \
    --node_rank ${SLURM_NODEID:-0} --master_addr ${MASTER_ADDR:-localhost} --master_port ${MASTER_PORT:-29500} \
    pretrain_gpt.py "${MEGATRON_ARGS[@]}"
