; DANLI's deliberative loop in Plank's voxel worlds: the symbolic domain the
; agent plans over. Objects are what the agent has perceived (block objects of
; the world), places are cells it can stand at next to them. A `search` action
; stands for exploring until an object not seen yet is perceived, as DANLI
; plans with a placeholder instance and a search step (agents/danli).
(define (domain plank-danli)
  (:requirements :typing :negative-preconditions :existential-preconditions :equality :action-costs)
  (:types place thing kind)
  (:predicates
    (agent-at ?p - place)
    (thing-at ?t - thing ?p - place)   ; the agent reaches ?t from ?p
    (observed ?t - thing)              ; perceived (false for a placeholder)
    (kind-of ?t - thing ?k - kind)
    (portable ?t - thing)              ; small enough to carry (a single block)
    (holding ?t - thing)
    (hand-empty)
    (on ?t - thing ?d - thing)
    (removed ?t - thing)
    (unexplored ?p - place))           ; where a search may end up
  (:functions (total-cost) - number
              (distance ?from ?to - place) - number)  ; blocks to walk (rounded up)
  (:action goto
    :parameters (?from ?to - place)
    :precondition (and (agent-at ?from) (not (= ?from ?to)))
    :effect (and (agent-at ?to) (not (agent-at ?from)) (increase (total-cost) (distance ?from ?to))))
  (:action search
    :parameters (?t - thing ?from ?found - place)
    :precondition (and (not (observed ?t)) (agent-at ?from) (unexplored ?found))
    :effect (and (observed ?t) (thing-at ?t ?found) (agent-at ?found) (not (agent-at ?from))
                 (not (unexplored ?found)) (increase (total-cost) 30)))
  (:action pick-up
    :parameters (?t - thing ?p - place)
    :precondition (and (observed ?t) (portable ?t) (agent-at ?p) (thing-at ?t ?p) (hand-empty))
    :effect (and (holding ?t) (not (hand-empty)) (not (thing-at ?t ?p)) (increase (total-cost) 1)))
  (:action put-on
    :parameters (?t ?d - thing ?p - place)
    :precondition (and (holding ?t) (observed ?d) (agent-at ?p) (thing-at ?d ?p) (not (= ?t ?d)))
    :effect (and (on ?t ?d) (hand-empty) (not (holding ?t)) (thing-at ?t ?p) (increase (total-cost) 1)))
  (:action break
    :parameters (?t - thing ?p - place)
    :precondition (and (observed ?t) (agent-at ?p) (thing-at ?t ?p))
    :effect (and (removed ?t) (not (thing-at ?t ?p)) (increase (total-cost) 1))))
