; Building in Plank's voxel worlds (MinePlanner-style walls, bridges, cabins):
; the domain the agent plans a structure over. Cells are the blocks of a box
; around the structure; the problem (agents/danli/compile/building.cpp) is
; generated from the world: which cells are solid now, which a place action
; can reach from which standing cell, and which cells the structure fills.
; A block is placed against a solid neighbour, within reach, never into the
; agent's own body; the agent stands on a solid cell with room for its head,
; and walks from a standing cell to a neighbouring one (one block up or down
; at most), so the far end of a bridge is reached over the bridge itself.
(define (domain plank-build)
  (:requirements :typing :negative-preconditions :existential-preconditions :action-costs)
  (:types cell)
  (:predicates
    (agent-at ?s - cell)
    (solid ?c - cell)
    (step ?a ?b - cell)               ; ?b is a standing cell next to ?a (static)
    (below ?s ?g - cell)              ; ?g is under ?s (static)
    (head ?s ?h - cell)               ; ?h is above ?s: the agent's head when it stands at ?s (static)
    (body ?s ?c - cell)               ; ?c is ?s or its head (static)
    (reach ?s ?c - cell)              ; from ?s the agent reaches ?c (static)
    (adjacent ?c ?d - cell))          ; face neighbours (static)
  (:functions (total-cost) - number)
  (:action walk
    :parameters (?from ?to - cell)
    :precondition (and (agent-at ?from) (step ?from ?to) (not (solid ?to))
                       (exists (?g ?h - cell) (and (below ?to ?g) (solid ?g) (head ?to ?h) (not (solid ?h)))))
    :effect (and (agent-at ?to) (not (agent-at ?from)) (increase (total-cost) 1)))
  (:action place
    :parameters (?c ?s - cell)
    :precondition (and (agent-at ?s) (reach ?s ?c) (not (solid ?c)) (not (body ?s ?c))
                       (exists (?d - cell) (and (adjacent ?c ?d) (solid ?d))))
    :effect (and (solid ?c) (increase (total-cost) 1))))
