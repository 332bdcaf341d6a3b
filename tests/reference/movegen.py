"""Independent reference move generator for the 2D games of Oblique.

Written straight from the rules text (../shared/rules/conventions.md, escalator.md, diagonal.md,
orthodox.md) and the geometry tables of escalator_boards.json; it shares no code with the engine.
Used by mate_check.py (the hand-made mates of tests/mates.rs and tests/search.rs) and batch.py
(perft and move lists compared with the engine's in CI, tests/reference_check.rs).

The boards file is found, in this order: the OBLIQUE_BOARDS_JSON environment variable, then
<repo root>/../shared/rules/escalator_boards.json (the repo root is two levels above this file).
"""
import json, os, sys

_HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(_HERE))
BOARDS_JSON = os.environ.get('OBLIQUE_BOARDS_JSON') or os.path.normpath(
    os.path.join(REPO_ROOT, '..', 'shared', 'rules', 'escalator_boards.json'))
with open(BOARDS_JSON) as _f:
    B = json.load(_f)
DIRS = ['N','NE','E','SE','S','SW','W','NW']
GAME = {
 'chess':('plain8',None), 'diagonal':('plain8',None),
 'slanted':('SEC',None), 'minislanted':('MSEC',None),
 'ultraslanted':('USEC',None),'ultraslantedwhite':('USEC',None),
 'almostultraslanted':('USEC',None),'sortofalmostultraslanted':('USEC',None)}
PROMO = {
 'chess':('qrbn','qrbn'),'slanted':('qrbn','qrbn'),'minislanted':('qrbn','qrbn'),
 'ultraslanted':('qurbn','qurbn'),'ultraslantedwhite':('qurbn','qurbn'),
 'almostultraslanted':('curbn','curbn'),'sortofalmostultraslanted':('curbn','qurbn')}
ALLOWED = {
 'chess':'KQRBNP','diagonal':'KQRBNP','slanted':'KQRBNP','minislanted':'KQRBNP',
 'ultraslanted':'KQRBNPU','ultraslantedwhite':'KQRBNPU','almostultraslanted':'KCRBNPU',
 'sortofalmostultraslanted':'KQCRBNPU'}
DV = {'N':(0,1),'NE':(1,1),'E':(1,0),'SE':(1,-1),'S':(0,-1),'SW':(-1,-1),'W':(-1,0),'NW':(-1,1)}
FILES='abcdefghij'
def plain_board(nf, nr, knightvec):
    sq=[[FILES[f]+str(r+1) for f in range(nf)] for r in range(nr)]
    adj={}; kn={}
    for r in range(nr):
        for f in range(nf):
            s=FILES[f]+str(r+1); adj[s]={}
            for d,(dx,dy) in DV.items():
                x,y=f+dx,r+dy
                adj[s][d]=[FILES[x]+str(y+1)] if 0<=x<nf and 0<=y<nr else []
            kn[s]=[FILES[f+dx]+str(r+dy+1) for dx,dy in knightvec if 0<=f+dx<nf and 0<=r+dy<nr]
    return {'squares':sq,'adjacency':adj,'knight':kn,'ultra':{}}
KN=[(1,2),(2,1),(-1,2),(-2,1),(1,-2),(2,-1),(-1,-2),(-2,-1)]
CAM=[(1,3),(3,1),(-1,3),(-3,1),(1,-3),(3,-1),(-1,-3),(-3,-1)]
# Games that are another game with knights that may not jump the barriers (barriers.py):
# name -> (the game it otherwise is, its board).
NO_JUMP = {'slanted-noknightjump': ('slanted', 'SEC')}
_NO_JUMP_BOARDS = {}
def board_for(var):
    if var in NO_JUMP:
        import barriers
        key = NO_JUMP[var][1]
        if key not in _NO_JUMP_BOARDS: _NO_JUMP_BOARDS[key] = barriers.no_jump_board(B[key], key)
        return _NO_JUMP_BOARDS[key]
    if var=='chess': return plain_board(8,8,KN)
    if var=='diagonal': return plain_board(8,8,CAM)
    return B[GAME[var][0]]
def grid(name):
    # true name -> grid name
    letters=''.join(c for c in name if c.isalpha()); num=''.join(c for c in name if c.isdigit())
    if len(letters)==1: return name
    if letters in ('ab','bc','cd'): return letters[0]+num
    return letters[1]+num
def layout(bd):
    # returns list of ranks (top first) of list of (gridname or None for hole) over grid width
    width=max(len(r) for r in bd['squares'])
    rows=[]
    for r in bd['squares']:
        num=''.join(c for c in r[0] if c.isdigit())
        gnames={grid(s):s for s in r}
        row=[]
        for f in range(width):
            g=FILES[f]+num
            row.append(gnames.get(g))
        rows.append(row)
    return rows[::-1]

class Pos:
    pass
def parse(var, fen):
    bd=board_for(var)
    var=NO_JUMP.get(var,(var,))[0]
    parts=fen.split()
    assert len(parts)==6, 'fields'
    place,stm,cast,ep,hm,fm=parts
    rows=layout(bd)
    ranks=place.split('/')
    assert len(ranks)==len(rows), 'rank count'
    board={}
    for rk,row in zip(ranks,rows):
        i=0; cells=[]
        j=0
        while j<len(rk):
            c=rk[j]
            if c.isdigit():
                k=j
                while k<len(rk) and rk[k].isdigit(): k+=1
                n=int(rk[j:k]); j=k
                for _ in range(n):
                    # skip holes? digits count empty squares only, holes must be listed
                    cells.append('.')
                continue
            cells.append(c); j+=1
        assert len(cells)==len(row), ('file count',rk,len(cells),len(row))
        for c,s in zip(cells,row):
            if s is None:
                assert c=='*', ('hole expected',rk)
            else:
                assert c!='*', ('hole where square',rk)
                if c!='.':
                    assert c.upper() in ALLOWED[var], ('bad letter',c)
                    board[s]=c
    p=Pos(); p.var=var; p.bd=bd; p.board=board; p.stm=stm; p.cast=cast
    p.ep=None if ep=='-' else truename(bd,ep)
    return p
def truename(bd,g):
    for r in bd['squares']:
        for s in r:
            if grid(s)==g: return s
    raise Exception('no square '+g)
def color(pc): return 'w' if pc.isupper() else 'b'
def rank_of(s): return int(''.join(c for c in s if c.isdigit()))
def nranks(bd): return len(bd['squares'])

def slide(bd, board, s, dirs):
    out=set()
    for d in dirs:
        front=[s]; seen=set()
        while front:
            nxt=[]
            for x in front:
                for y in bd['adjacency'][x][d]:
                    if y in seen: continue
                    seen.add(y); out.add(y)
                    if y not in board: nxt.append(y)
            front=nxt
    return out
ORTH=['N','E','S','W']; DIAG=['NE','SE','SW','NW']
def crab_dirs(var,col):
    if var=='diagonal': return None
    return (['N'],['NE','NW']) if col=='w' else (['S'],['SE','SW'])
def attacks(p, s):
    pc=p.board[s]; t=pc.upper(); col=color(pc); bd=p.bd
    if t=='K': return {y for d in DIRS for y in bd['adjacency'][s][d]}
    if t=='N': return set(bd['knight'][s])
    if t=='U': return set(bd['ultra'][s])
    if t=='R': return slide(bd,p.board,s,ORTH)
    if t=='B': return slide(bd,p.board,s,DIAG)
    if t=='Q': return slide(bd,p.board,s,DIRS)
    if t=='C': return slide(bd,p.board,s,ORTH)|set(bd['knight'][s])
    if t=='P':
        if p.var=='diagonal':
            ds=['N','E'] if col=='w' else ['S','W']
            return {y for d in ds for y in bd['adjacency'][s][d]}
        st,dg=crab_dirs(p.var,col)
        return {y for d in dg for y in bd['adjacency'][s][d]}
def attacked(p, sq, by):
    return any(color(pc)==by and sq in attacks(p,s) for s,pc in list(p.board.items()))
def king_sq(p,col):
    return [s for s,pc in p.board.items() if pc==('K' if col=='w' else 'k')][0]
def in_check(p,col):
    return attacked(p,king_sq(p,col),'b' if col=='w' else 'w')

def diag_promo(s,col):
    # returns None (no promotion), 'WIN', or letters
    W={'a8':'qrbn','g8':'qrbn','h7':'qrbn','h1':'qrbn','b8':'rbn','f8':'rbn','h6':'rbn','h2':'rbn',
       'c8':'bn','e8':'bn','h5':'bn','h3':'bn','d8':'n','h4':'n'}
    if col=='w':
        if s=='h8': return 'WIN'
        return W.get(s)
    m=lambda x: 'abcdefgh'[7-'abcdefgh'.index(x[0])]+str(9-int(x[1]))
    if s=='a1': return 'WIN'
    return W.get(m(s))

def over_diag(p):
    return p.board.get('h8')=='P' or p.board.get('a1')=='p'

def pseudo(p):
    col=p.stm; bd=p.bd; mv=[]  # (from,to,promo,extra)
    last=nranks(bd) if col=='w' else 1
    for s,pc in list(p.board.items()):
        if color(pc)!=col: continue
        t=pc.upper()
        if t=='P':
            if p.var=='diagonal':
                dm=['NE'] if col=='w' else ['SW']; dc=['N','E'] if col=='w' else ['S','W']
                tg=[(y,False) for d in dm for y in bd['adjacency'][s][d] if y not in p.board]
                tg+=[(y,True) for d in dc for y in bd['adjacency'][s][d] if y in p.board and color(p.board[y])!=col]
                for y,cap in tg:
                    pr=diag_promo(y,col)
                    if pr is None or pr=='WIN': mv.append((s,y,'',None))
                    else:
                        for l in pr: mv.append((s,y,l,None))
                continue
            st,dg=crab_dirs(p.var,col)
            tos={}
            for d in st:
                for y in bd['adjacency'][s][d]:
                    if y not in p.board: tos[y]=None
            for d in dg:
                for y in bd['adjacency'][s][d]:
                    if y not in p.board:
                        if p.var=='chess':
                            if p.ep==y: tos[y]='ep'
                        else:
                            tos[y]='ep' if (p.ep==y) else None
                    elif color(p.board[y])!=col: tos[y]=None
            # double step
            if p.var in ('chess','slanted','ultraslanted','ultraslantedwhite','almostultraslanted','sortofalmostultraslanted'):
                init=2 if col=='w' else (nranks(bd)-1)
                if rank_of(s)==init:
                    for F in bd['adjacency'][s][st[0]]:
                        if F in p.board: continue
                        for Y in bd['adjacency'][F][st[0]]:
                            if Y not in p.board: tos[Y]=('ds',F)
            for y,ex in tos.items():
                if rank_of(y)==last:
                    for l in PROMO[p.var][0 if col=='w' else 1]: mv.append((s,y,l,ex))
                else: mv.append((s,y,'',ex))
            continue
        for y in attacks(p,s):
            if y in p.board and color(p.board[y])==col: continue
            mv.append((s,y,'',None))
        if t=='K': mv+=castles(p,s)
    return mv
def castles(p,ks):
    col=p.stm; out=[]
    if p.var in ('diagonal',): return out
    usec=p.var.endswith('slanted') and 'ultra' in p.var or p.var in ('almostultraslanted','sortofalmostultraslanted','ultraslantedwhite')
    r=1 if col=='w' else nranks(p.bd)
    K='K' if col=='w' else 'k'; R='R' if col=='w' else 'r'
    opp='b' if col=='w' else 'w'
    if usec:
        home='f%d'%r; specs=[('K','i','g',['g','h'],['g','h'],'h'),('Q','b','e',['c','d','e'],['e','d'],'d')]
    else:
        home='e%d'%r; specs=[('K','h','f',['f','g'],['f','g'],'g'),('Q','a','d',['b','c','d'],['d','c'],'c')]
    if ks!=home: return out
    for right,rf,rto,empt,safe,kto in specs:
        rt=right if col=='w' else right.lower()
        if rt not in p.cast: continue
        if p.board.get(rf+str(r))!=R: continue
        if any((f+str(r)) in p.board for f in empt): continue
        if attacked(p,home,opp): continue
        if any(attacked(p,f+str(r),opp) for f in safe): continue
        out.append((home,kto+str(r),'',('castle',rf+str(r),rto+str(r))))
    return out
def make(p,m):
    q=Pos(); q.__dict__.update(p.__dict__); q.board=dict(p.board)
    s,y,l,ex=m; pc=q.board.pop(s)
    if ex=='ep':
        # victim: enemy crab on a forward neighbour (stepper's direction) of F, not the capturer
        col=color(pc); st='S' if col=='w' else 'N'
        vic=[z for z in q.bd['adjacency'][y][st] if z in q.board and q.board[z].upper()=='P' and color(q.board[z])!=col and z!=s]
        assert len(vic)==1, (vic,m)
        del q.board[vic[0]]
    if isinstance(ex,tuple) and ex[0]=='castle':
        rp=q.board.pop(ex[1]); q.board[ex[2]]=rp
    q.board[y]=(l.upper() if pc.isupper() else l) if l else pc
    q.stm='b' if p.stm=='w' else 'w'
    q.ep=ex[1] if isinstance(ex,tuple) and ex[0]=='ds' else None
    usec='ultra' in p.var
    nr=nranks(p.bd)
    homes={'K':['f1' if usec else 'e1','i1' if usec else 'h1'],'Q':['f1' if usec else 'e1','b1' if usec else 'a1'],
           'k':['f%d'%nr if usec else 'e%d'%nr,'i%d'%nr if usec else 'h%d'%nr],'q':['f%d'%nr if usec else 'e%d'%nr,'b%d'%nr if usec else 'a%d'%nr]}
    c=q.cast
    if c!='-':
        c=''.join(ch for ch in c if s not in homes[ch] and y not in homes[ch]) or '-'
    q.cast=c
    return q
def legal(p):
    if p.var=='diagonal' and over_diag(p): return []
    res=set()
    for m in pseudo(p):
        q=make(p,m)
        if not in_check(q,p.stm): res.add(grid(m[0])+grid(m[1])+m[2])
    return sorted(res)
def validate(p):
    errs=[]
    ks=[s for s,c in p.board.items() if c=='K']; kb=[s for s,c in p.board.items() if c=='k']
    if len(ks)!=1 or len(kb)!=1: errs.append('kings'); return errs
    other='b' if p.stm=='w' else 'w'
    if in_check(p,other): errs.append('side not to move in check')
    last={'w':nranks(p.bd),'b':1}
    for s,c in p.board.items():
        if c.upper()=='P':
            if p.var=='diagonal':
                pr=diag_promo(s,color(c))
                if pr is not None and pr!='WIN': errs.append('pawn on promo square '+s)
            else:
                if rank_of(s)==last[color(c)]: errs.append('crab on last rank '+s)
                # crabs can't be on own first rank? (never moves backward) - white crab on rank1 impossible
                if rank_of(s)==(1 if c=='P' else nranks(p.bd)): errs.append('crab on own back rank '+s)
    if p.cast!='-':
        if p.var=='diagonal': errs.append('castling in diagonal')
        usec='ultra' in p.var
        for ch in p.cast:
            col='w' if ch.isupper() else 'b'; r=1 if col=='w' else nranks(p.bd)
            kh=('f' if usec else 'e')+str(r)
            rf={'K':'i','Q':'b'}[ch.upper()] if usec else {'K':'h','Q':'a'}[ch.upper()]
            if p.board.get(kh)!=('K' if col=='w' else 'k') or p.board.get(rf+str(r))!=('R' if col=='w' else 'r'):
                errs.append('castling right '+ch)
    if p.ep:
        if p.var in ('minislanted','diagonal'): errs.append('ep in no-ds game')
        else:
            F=p.ep; mover='b' if p.stm=='w' else 'w'
            fwd='N' if mover=='w' else 'S'; back='S' if mover=='w' else 'N'
            init=2 if mover=='w' else nranks(p.bd)-1
            ok=False
            if F not in p.board and rank_of(F)==(init+1 if mover=='w' else init-1):
                for Y in p.bd['adjacency'][F][fwd]:
                    if p.board.get(Y)==('P' if mover=='w' else 'p'):
                        for X in p.bd['adjacency'][F][back]:
                            if X not in p.board and rank_of(X)==init: ok=True
            if not ok: errs.append('ep square impossible')
    return errs
def perft(p,d):
    if d==0: return 1
    if p.var=='diagonal' and over_diag(p): return 0
    n=0
    for m in pseudo(p):
        q=make(p,m)
        if in_check(q,p.stm): continue
        n+=perft(q,d-1)
    return n
if __name__=='__main__':
    var=sys.argv[1]; fen=' '.join(sys.argv[2:])
    p=parse(var,fen); print(validate(p)); l=legal(p); print(len(l),' '.join(l))
