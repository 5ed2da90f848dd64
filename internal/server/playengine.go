package server

import (
	"net/url"
	"strconv"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/server/site"
)

// nodeChoices are the node limits the play page offers (0: a timed
// search).
var nodeChoices = []int{0, 100, 1_000, 10_000, 100_000, 1_000_000}

// defaultSkill is the Skill Level the play page's form proposes.
const defaultSkill = 5

// strengthText says how strong the engine plays: "skill 5, 1,000 nodes a
// move".
func strengthText(pe playEngine, engineTime int) string {
	skill := "full strength"
	if pe.skill >= 0 && pe.skill < maxSkill {
		skill = "skill " + strconv.Itoa(pe.skill)
	}
	if pe.nodes > 0 {
		return skill + ", " + site.GroupDigits(uint64(pe.nodes)) + " nodes a move"
	}
	ms := min(int(moveTime/1e6), engineTime)
	if ms%1000 == 0 {
		return skill + ", " + strconv.Itoa(ms/1000) + " s a move"
	}
	return skill + ", " + strconv.Itoa(ms) + " ms a move"
}

// enginePanel fills the play page's engine section: who plays whom, the
// forms to start and stop playing the engine, and the analysis toggle.
func (s *Server) enginePanel(pp *playPage, gm *game) {
	if s.cfg.Engine == nil {
		return
	}
	n := len(gm.moves)
	if gm.eng.side != "" {
		side := titleCase(gm.eng.side)
		pp.EngineLabel = s.cfg.Engine.Name() + " plays " + side + " (" + strengthText(gm.eng, pp.S.EngineTime) + ")"
		pp.EngineToMove = gm.ply == n && gm.engineTurn(n) && !pp.S.Over
		for k, vs := range gm.values(-1, -1, gm.claim, gm.flip) {
			pp.EngineHidden = append(pp.EngineHidden, hiddenField{k, vs[0]})
		}
		stop := *gm
		stop.eng = playEngine{skill: -1, analysis: gm.eng.analysis}
		pp.StopURL = stop.url(gm.ply)
	} else {
		// The form starts a game against the engine from the ply on view,
		// with the player on the side to move.
		v := gm.values(gm.ply, -1, chess.Ongoing, false)
		v.Del("engine")
		v.Del("skill")
		v.Del("nodes")
		for k, vs := range v {
			pp.EngineHidden = append(pp.EngineHidden, hiddenField{k, vs[0]})
		}
		pp.PlayerWhite = gm.turnAt(gm.ply) == chess.White
	}
	sortHidden(pp.EngineHidden)
	toggled := *gm
	toggled.eng.analysis = !gm.eng.analysis
	pp.AnalysisURL = toggled.url(gm.ply)
	av := gm.values(gm.ply, -1, chess.Ongoing, false)
	api := url.Values{gm.startKey: av[gm.startKey]}
	if av.Has("moves") {
		api.Set("moves", av.Get("moves"))
	}
	pp.APIAnalyseURL = "/api/analyse?" + encodeOrdered(api)
	skill := gm.eng.skill
	if skill < 0 {
		skill = defaultSkill
	}
	for k := 0; k <= maxSkill; k++ {
		label := strconv.Itoa(k)
		switch k {
		case 0:
			label += " (weakest)"
		case maxSkill:
			label += " (full strength)"
		}
		pp.SkillOptions = append(pp.SkillOptions, option{strconv.Itoa(k), label, k == skill})
	}
	choices := nodeChoices
	known := false
	for _, c := range choices {
		known = known || c == gm.eng.nodes
	}
	if !known {
		choices = append(choices[:len(choices):len(choices)], gm.eng.nodes)
	}
	for _, c := range choices {
		o := option{Value: strconv.Itoa(c), Label: site.GroupDigits(uint64(c)) + " nodes", Selected: c == gm.eng.nodes}
		if c == 0 {
			o.Value, o.Label = "", strengthText(playEngine{skill: maxSkill}, pp.S.EngineTime)[len("full strength, "):]
		}
		pp.NodesOptions = append(pp.NodesOptions, o)
	}
}
